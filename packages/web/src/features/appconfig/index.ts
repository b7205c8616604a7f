/** The worker app's configuration screen and one app device's editor for the device form. */
export { AppConfigPage } from "./app-config-page.tsx";
export { DeviceAppConfigEditor } from "./device-app-config-editor.tsx";

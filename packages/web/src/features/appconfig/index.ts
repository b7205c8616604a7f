/** The worker app's configuration screen and one app device's editor for the device form. */
export { AppConfigPage } from "./AppConfigPage.tsx";
export { DeviceAppConfigEditor } from "./DeviceAppConfigEditor.tsx";

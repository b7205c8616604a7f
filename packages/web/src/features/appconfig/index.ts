/** The worker app's configuration screen (issue 17). */
export { AppConfigPage } from "./AppConfigPage.tsx";

/** What other features use of the sensors capability: the company's sensor settings. */
export { sensorSettingsKey, useSensorSettings } from "./settings.ts";

/** Public surface of `demo/`. The demo tenant: seed data and the simulated fleet that drives it. */

export { type DemoHistory, startDemoHistory } from "./history.ts";
export { ensureDefaultSite, ensureDeviceTypes, seedDemo } from "./seed.ts";
export { simulatedDevices, startDemoSimulation } from "./simulation.ts";
export { seedDemoStreets } from "./streets.ts";

export { ensureDefaultSite, ensureDeviceTypes, seedDemo } from "./seed.ts";
export { startDemoSimulation } from "./simulation.ts";

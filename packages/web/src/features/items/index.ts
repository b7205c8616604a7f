/** Public surface of `items/`: what other features reuse of the item forms. */
export { type ItemDevice, useItemDevice } from "./item-device.tsx";

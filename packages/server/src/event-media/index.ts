/**
 * Public surface of `event-media/`: photos and clips devices attach to their events, and their viewers; and
 * their removal with the device, the item they were filed under and the company's retention.
 */
export { deleteDeviceMedia, deleteItemMedia, dropExpiredMedia } from "./removal.ts";
export { deviceMediaRoutes, eventMediaRoutes } from "./routes.ts";

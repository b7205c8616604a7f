/** Public surface of `features/eventmedia`: the photos and clips devices attach to their events. */
export { EventMediaGallery } from "./event-media-gallery.tsx";

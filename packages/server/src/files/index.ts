/**
 * Public surface of `files/`: the one storage of uploaded files (attachments, photos). Capabilities keep
 * file ids on their rows, check them with `FileService.owned` and list them with `describe`.
 */
export type { BlobStore } from "./blob-store.ts";
export { type FilesContext, fileRoutes, sendStoredFile } from "./routes.ts";
export { createBlobStore, FileService } from "./service.ts";

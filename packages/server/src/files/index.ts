/**
 * Public surface of `files/`: the one storage of uploaded files (attachments, photos). Capabilities keep
 * file ids on their rows, check them with `FileService.owned` and list them with `describe`. Whoever deletes
 * the owner of files deletes their rows in its transaction (`deleteRows`, `deleteRowsOf`) and their bytes after
 * commit (`deleteBlobs`): a row cascading away would leave its bytes in the store for ever.
 */
export type { BlobStore } from "./blob-store.ts";
export { type FilesContext, fileRoutes, sendPublishedImage, sendStoredFile } from "./routes.ts";
export { createBlobStore, FileService } from "./service.ts";

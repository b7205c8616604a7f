import { z } from "zod";

/**
 * What an upload may be, by purpose. The server sniffs the bytes (never trusting the name or the declared
 * type) and refuses anything else; the web checks the size first to spare a useless upload.
 */
export const FILE_KINDS = {
  /** Photos. */
  photo: {
    maxBytes: 2 * 1024 * 1024,
    mimes: ["image/jpeg", "image/png", "image/webp", "image/gif"],
  },
  /** Attachments of revisions, tickets, comments and form answers: images and PDF documents. */
  document: {
    maxBytes: 10 * 1024 * 1024,
    mimes: ["image/jpeg", "image/png", "image/webp", "image/gif", "application/pdf"],
  },
  /** Indoor floor plans: raster images, or SVG that the server sanitises before storing it. */
  floorPlan: {
    maxBytes: 5 * 1024 * 1024,
    mimes: ["image/png", "image/jpeg", "image/svg+xml"],
  },
  /** A brand's logo and favicon: raster images and icons, or SVG that the server sanitises before storing it. */
  brandImage: {
    maxBytes: 1024 * 1024,
    mimes: ["image/png", "image/jpeg", "image/webp", "image/x-icon", "image/svg+xml"],
  },
  /**
   * Photos and short clips a device attaches to one of its events. Only devices upload these,
   * through their own route; the users' upload route does not offer the kind.
   */
  eventMedia: {
    maxBytes: 20 * 1024 * 1024,
    mimes: ["image/jpeg", "image/png", "image/webp", "video/mp4", "video/webm"],
  },
} as const;

export type FileKind = keyof typeof FILE_KINDS;
export const fileKindSchema = z.enum(["photo", "document", "floorPlan"]);

/** Error codes of the file routes. */
export const FILE_ERROR = {
  tooLarge: "file.tooLarge",
  type: "file.type",
  empty: "file.empty",
  unknown: "file.unknown",
} as const;

/** A stored file as the API lists it (attachments of an entity are arrays of these). */
export const storedFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  createdTs: z.number(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** Ids of attachments in a write body: files uploaded before by the same company. */
export const fileIdsSchema = z.array(z.number().int().positive()).max(20);

/** The name a file is shown and downloaded with: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join("")
    .trim()
    .slice(0, 200);
  return clean === "" ? "file" : clean;
}

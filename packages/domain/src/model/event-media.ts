import { z } from "zod";
import { storedFileSchema } from "./files.ts";

/**
 * A photo or clip a device attached to one of its events: the item the device was on, the event's time as the
 * device gave it, the device's event name (free text from the device, cleaned), and the stored file.
 */
export const eventMediaSchema = z.object({
  id: z.number(),
  itemType: z.literal([1, 2, 3]),
  itemId: z.number(),
  ts: z.number(),
  event: z.string(),
  file: storedFileSchema,
});
export type EventMedia = z.infer<typeof eventMediaSchema>;

/**
 * How far apart the device's media time and a notice's time may be and still belong together: a dash cam
 * stamps the clip when it starts recording, the tracker stamps the event when it happens.
 */
export const EVENT_MEDIA_WINDOW_MS = 2 * 60_000;

/** Device event names are device input: printable text only, at most 64 characters. Pure. */
export function cleanEventName(raw: string): string {
  return [...raw]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code < 0xa0);
    })
    .join("")
    .trim()
    .slice(0, 64);
}

/** Whether the media is a clip (shown in a video element) rather than a photo. Pure. */
export const isClip = (media: { file: { mime: string } }): boolean => media.file.mime.startsWith("video/");

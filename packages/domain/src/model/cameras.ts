import { z } from "zod";

/** Kinds of camera a vehicle carries or a site has. */
export const CAMERA_TYPES = ["dashcam", "cabin", "rear", "fixed"] as const;
export const cameraTypeSchema = z.enum(CAMERA_TYPES);
export type CameraType = z.infer<typeof cameraTypeSchema>;

/** A camera URL: http(s) only, or empty (no stream, or no snapshot). */
const cameraUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), "camera.url")
  .default("");

export const cameraInputSchema = z
  .object({
    name: z.string().trim().min(1, "required").max(80),
    type: cameraTypeSchema,
    vehicleId: z.number().int().positive(),
    /** Live stream: an HLS playlist (.m3u8) the browser plays itself, or another page the user opens. */
    streamUrl: cameraUrl,
    /** A still image the server fetches through its egress guard; the browser never calls it directly. */
    snapshotUrl: cameraUrl,
  })
  .refine((c) => c.streamUrl !== "" || c.snapshotUrl !== "", {
    message: "camera.noUrl",
    path: ["snapshotUrl"],
  });
export type CameraInput = z.input<typeof cameraInputSchema>;

export const cameraSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: cameraTypeSchema,
  vehicleId: z.number(),
  streamUrl: z.string(),
  /** Shown in the form only: the browser asks the server's snapshot route, never this URL. */
  snapshotUrl: z.string(),
  updatedTs: z.number(),
});
export type Camera = z.infer<typeof cameraSchema>;

export const cameraInputsSchema = z.object({ types: z.array(cameraTypeSchema) });

/** Whether a stream URL is one the web's player can show in the page (HLS); others open in a new tab. */
export const isHlsStream = (url: string): boolean => /\.m3u8(\?|#|$)/i.test(url);

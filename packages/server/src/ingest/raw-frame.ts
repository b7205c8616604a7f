/**
 * What a device sent, as kept with a quarantined position: text when it is plain text (an OsmAnd request, an
 * MQTT JSON payload), hex otherwise (binary frames, or text carrying control bytes, which hex shows exactly).
 * Capped so that a hostile device cannot fill the table.
 */
export interface RawFrame {
  format: "hex" | "text";
  data: string;
}

/** Bytes kept of one frame. */
export const MAX_RAW_BYTES = 4096;

/** Printable text: no C0 controls except tab and newlines, no DEL or C1, no U+FFFD from a bad UTF-8 sequence. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd\ud800-\udfff]/;

/**
 * Bytes kept of a frame the decoder could not read whole: all of it (the sessions cap frames at 64 KiB), since
 * decoding it again after an upgrade needs every byte.
 */
export const MAX_UNDECODED_BYTES = 64 * 1024;

export function rawFrameOf(raw: Buffer | string, maxBytes = MAX_RAW_BYTES): RawFrame {
  const bytes = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  const capped = bytes.subarray(0, maxBytes);
  const text = capped.toString("utf8");
  // The cap may split the last character; nothing else may be undecodable.
  const whole = capped.length < bytes.length ? text.replace(/\ufffd+$/, "") : text;
  if (!NOT_TEXT.test(whole)) return { format: "text", data: whole };
  return { format: "hex", data: capped.toString("hex") };
}

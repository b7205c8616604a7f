import type { LiveServerMessage } from "@vigia/domain";

/**
 * Each message serialised once however many clients receive it (a company's maps share the same message
 * objects from the bus); the frames are then joined from the cached texts.
 */
const serialised = new WeakMap<LiveServerMessage, string>();
export function jsonOf(message: LiveServerMessage): string {
  let text = serialised.get(message);
  if (text === undefined) {
    text = JSON.stringify(message);
    serialised.set(message, text);
  }
  return text;
}

/** One socket frame of waiting message texts: the text itself when alone, else a JSON array of them. */
export function frameText(texts: readonly string[]): string {
  return texts.length === 1 ? texts[0]! : `[${texts.join(",")}]`;
}

/** Frames kept for reuse within one pass over the sockets: a company's maps with different views are few. */
const SHARED_KINDS = 4;

/**
 * The frames of one pass over the sockets, each built and encoded once for every socket whose outbox held exactly
 * the same texts. The maps of one company bound with the same view receive the same message objects, whose texts
 * are the same strings (`jsonOf`), so a comparison of the lists finds them at the cost of a pointer per message,
 * where joining and encoding a frame per socket cost its every byte.
 */
export class SharedFrames {
  private readonly built: { texts: readonly string[]; bytes: Buffer }[] = [];

  frameOf(texts: readonly string[]): Buffer {
    for (const frame of this.built) if (sameTexts(frame.texts, texts)) return frame.bytes;
    const bytes = Buffer.from(frameText(texts));
    if (this.built.length === SHARED_KINDS) this.built.shift();
    this.built.push({ texts, bytes });
    return bytes;
  }
}

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

import TinySDF from "@mapbox/tiny-sdf";
import { addProtocol } from "maplibre-gl";
import { encodeGlyphRange, type SdfGlyph } from "./glyph-pbf.ts";

/**
 * Map labels without a glyph server: MapLibre asks `vigia-glyphs://{fontstack}/{range}` and gets SDF glyphs
 * drawn here, in the browser, from the system's own sans-serif fonts (the way MapLibre draws CJK glyphs
 * locally). So labels work offline, on every map of the app and in self-hosted vector tile styles.
 */
export const LOCAL_GLYPHS_URL = "vigia-glyphs://{fontstack}/{range}";
const PROTOCOL = "vigia-glyphs";
/** MapLibre's glyph metrics: 24 px em, 3 px border, 8 px SDF radius; the baseline sits 27 px down. */
const SIZE = 24;
const BUFFER = 3;
const BASELINE = 27;
const FAMILY = "Inter, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', Arial, sans-serif";

/** Weight and style a fontstack name asks for ("Noto Sans Medium", "Open Sans Bold Italic"…). */
export function fontOf(fontstack: string): { weight: string; style: string } {
  const name = fontstack.toLowerCase();
  const weight = /black|heavy|extra ?bold/.test(name)
    ? "800"
    : /semi ?bold|bold/.test(name)
      ? "700"
      : /medium/.test(name)
        ? "500"
        : /light|thin/.test(name)
          ? "300"
          : "400";
  return { weight, style: /italic|oblique/.test(name) ? "italic" : "normal" };
}

/** The first and last code point of a "start-end" range, or null when it is not one. */
export function rangeOf(text: string): [number, number] | null {
  const match = /^(\d+)-(\d+)$/.exec(text);
  if (!match) return null;
  const [start, end] = [Number(match[1]), Number(match[2])];
  return end >= start && end - start < 256 && end <= 0xffff ? [start, end] : null;
}

const drawers = new Map<string, TinySDF>();

function drawRange(fontstack: string, start: number, end: number): SdfGlyph[] {
  const { weight, style } = fontOf(fontstack);
  const key = `${weight}/${style}`;
  let sdf = drawers.get(key);
  if (!sdf) {
    sdf = new TinySDF({
      fontSize: SIZE,
      buffer: BUFFER,
      radius: 8,
      cutoff: 0.25,
      fontFamily: FAMILY,
      fontWeight: weight,
      fontStyle: style,
    });
    drawers.set(key, sdf);
  }
  const glyphs: SdfGlyph[] = [];
  for (let id = start; id <= end; id++) {
    // Control characters and surrogates have no glyph.
    if (id < 32 || (id >= 0x7f && id < 0xa0) || (id >= 0xd800 && id < 0xe000)) continue;
    const drawn = sdf.draw(String.fromCharCode(id));
    glyphs.push({
      id,
      bitmap: drawn.glyphWidth > 0 ? Uint8Array.from(drawn.data) : new Uint8Array(),
      width: drawn.glyphWidth,
      height: drawn.glyphHeight,
      left: drawn.glyphLeft,
      top: drawn.glyphTop - BASELINE,
      advance: drawn.glyphAdvance,
    });
  }
  return glyphs;
}

let registered = false;

/** Registers the protocol once; every map style of the app names LOCAL_GLYPHS_URL as its glyphs. */
export function registerLocalGlyphs(): void {
  if (registered) return;
  registered = true;
  addProtocol(PROTOCOL, async (params) => {
    const [, fontstackPart = "", rangePart = ""] =
      /^vigia-glyphs:\/\/([^/]+)\/([^/.]+)(?:\.pbf)?$/.exec(params.url) ?? [];
    const fontstack = decodeURIComponent(fontstackPart);
    const range = rangeOf(rangePart);
    if (!range) throw new Error(`bad glyph range ${params.url}`);
    const bytes = encodeGlyphRange(fontstack, rangePart, drawRange(fontstack, range[0], range[1]));
    return { data: bytes.buffer };
  });
}

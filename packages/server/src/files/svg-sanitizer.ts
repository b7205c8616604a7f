import createDOMPurify, { type DOMPurify } from "dompurify";

/**
 * SVG floor plans are sanitised before they are stored: DOMPurify's SVG profile (no scripts, no event
 * handlers, no javascript: URLs) over a jsdom window, plus this product's stricter rules: no foreignObject, no
 * <style> (CSS can load external resources), and no reference outside the document — `href` only to a fragment
 * (`#id`), or for <image> to an inline raster data URL, and `url(...)` only to a fragment.
 * jsdom is loaded on the first SVG upload only: it is heavy and most servers never see one.
 */

const FRAGMENT = /^#[A-Za-z_][\w.-]*$/;
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;
/** Any `url(` not followed by a fragment reference. */
const EXTERNAL_URL = /url\(\s*(?!['"]?#)/i;
const MAX_SVG_CHARS = 5 * 1024 * 1024;

let purifier: Promise<{ purify: DOMPurify; serialize: (node: Node) => string }> | null = null;

async function load() {
  const { JSDOM } = await import("jsdom");
  const { window } = new JSDOM("<!DOCTYPE html><body></body>");
  const purify = createDOMPurify(window);
  purify.addHook("uponSanitizeAttribute", (node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (name === "href" || name === "xlink:href") {
      const inlineRaster = node.nodeName.toLowerCase() === "image" && RASTER_DATA.test(value);
      if (!FRAGMENT.test(value) && !inlineRaster) data.keepAttr = false;
    } else if (EXTERNAL_URL.test(value) || /@import/i.test(value)) data.keepAttr = false;
  });
  const serializer = new window.XMLSerializer();
  return { purify, serialize: (node: Node) => serializer.serializeToString(node) };
}

/** The sanitised document, or null when the text is not an SVG image (then nothing is stored). */
export async function sanitizeSvg(text: string): Promise<string | null> {
  if (text.length > MAX_SVG_CHARS) return null;
  // The XML prolog, doctype (entities) and comments before the root are dropped; the root must be <svg>.
  const body = text
    .replace(/^\uFEFF/, "")
    .replace(/^\s*<\?xml[^>]*\?>/i, "")
    .replace(/^\s*(<!--[\s\S]*?-->\s*)*/, "")
    .replace(/^\s*<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, "")
    .trim();
  if (!/^<svg[\s>]/i.test(body)) return null;
  purifier ??= load();
  const { purify, serialize } = await purifier;
  const fragment = purify.sanitize(body, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ["foreignObject", "style", "script", "a"],
    FORBID_ATTR: ["style"],
    RETURN_DOM_FRAGMENT: true,
  });
  const root = fragment.firstElementChild;
  if (root?.nodeName.toLowerCase() !== "svg" || fragment.childElementCount !== 1) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root)}`;
}

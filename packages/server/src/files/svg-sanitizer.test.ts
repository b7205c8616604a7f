import { beforeAll, describe, expect, it } from "vitest";
import { sanitizeSvg } from "./svg-sanitizer.ts";

const svg = (inner: string, attrs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" height="300" viewBox="0 0 400 300"${attrs}>${inner}</svg>`;

describe("sanitizeSvg", () => {
  // jsdom loads on the first SVG: on a slow machine that alone can take seconds, so it is not timed with a test.
  beforeAll(() => sanitizeSvg(svg("")), 60_000);

  it("keeps a plain floor plan: shapes, text, groups, gradients referenced by fragment", async () => {
    const plan = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<g id="walls"><rect x="10" y="10" width="380" height="280" fill="url(#g)" stroke="#333"/>' +
        '<path d="M10 150 H390"/><text x="20" y="40">Bay 1</text></g>',
    );
    const out = (await sanitizeSvg(`<?xml version="1.0"?>\n${plan}`))!;
    expect(out).toContain("<rect");
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain("Bay 1");
    expect(out).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(out).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg/);
  });

  it.each([
    ["a script element", svg("<script>alert(1)</script><rect/>"), /script|alert/i],
    ["a CDATA script", svg("<script><![CDATA[alert(1)]]></script>"), /script|alert/i],
    ["an onload handler on the root", svg("<rect/>", ' onload="alert(1)"'), /onload|alert/i],
    [
      "an event handler on a shape",
      svg('<rect onclick="alert(1)" onmouseover="x()"/>'),
      /onclick|onmouseover/i,
    ],
    ["a javascript: link", svg('<a href="javascript:alert(1)"><rect/></a>'), /javascript/i],
    [
      "a foreignObject with HTML",
      svg('<foreignObject><iframe src="https://evil.test"></iframe></foreignObject>'),
      /foreignObject|iframe|evil/i,
    ],
    ["an external image", svg('<image href="https://evil.test/track.png" width="10" height="10"/>'), /evil/],
    ["an external xlink:href use", svg('<use xlink:href="https://evil.test/sprite.svg#a"/>'), /evil/],
    [
      "a style element importing CSS",
      svg('<style>@import url("https://evil.test/x.css");</style><rect/>'),
      /evil|@import|style/i,
    ],
    ["a style attribute with an external url", svg('<rect style="fill:url(https://evil.test/p)"/>'), /evil/],
    ["a fill with an external url", svg('<rect fill="url(https://evil.test/p#x)"/>'), /evil/],
    [
      "an animate setting href to javascript",
      svg('<a><animate attributeName="href" to="javascript:alert(1)"/></a>'),
      /javascript/i,
    ],
    ["a set element with an event", svg('<set attributeName="onmouseover" to="alert(1)"/>'), /alert/],
    ["an iframe smuggled in", svg('<iframe src="https://evil.test"></iframe>'), /iframe|evil/],
  ])("removes %s", async (_name, input, forbidden) => {
    const out = await sanitizeSvg(input);
    expect(out).not.toBeNull();
    expect(out).not.toMatch(forbidden);
  });

  it("keeps an inline raster image, not an inline SVG or HTML data URL", async () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    const ok = (await sanitizeSvg(svg(`<image href="${png}" width="10" height="10"/>`)))!;
    expect(ok).toContain(png);
    const html = (await sanitizeSvg(svg('<image href="data:text/html;base64,PHNjcmlwdD4=" width="1"/>')))!;
    expect(html).not.toContain("data:text/html");
  });

  it.each([
    ["not an SVG", "<html><body>hi</body></html>"],
    ["plain text", "hello"],
    ["empty", ""],
    ["an entity-expansion doctype around no svg", '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'],
    ["two roots", `${svg("")}${svg("")}`],
  ])("refuses %s", async (_name, input) => {
    expect(await sanitizeSvg(input)).toBeNull();
  });

  it("drops a doctype with entities before the root", async () => {
    const out = await sanitizeSvg(
      `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg("<text>&x;</text>")}`,
    );
    expect(out ?? "").not.toMatch(/passwd|ENTITY/);
  });
});

import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeHref } from "./markdown-blocks.ts";

describe("help markdown subset", () => {
  it("splits headings, paragraphs and both kinds of lists", () => {
    const blocks = parseMarkdown("# Title\n\nOne\nline\n\n- a\n- b\n1. x\n2. y\n## Sub");
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "list", "list", "heading"]);
    expect(blocks[1]).toEqual({ kind: "paragraph", inline: [{ kind: "text", text: "One line" }] });
    expect(blocks[3]).toMatchObject({ kind: "list", ordered: true });
  });

  it("parses inline marks and keeps only safe links", () => {
    expect(parseInline("a **b** *c* `d` [e](/map) [f](javascript:x)")).toEqual([
      { kind: "text", text: "a " },
      { kind: "bold", text: "b" },
      { kind: "text", text: " " },
      { kind: "italic", text: "c" },
      { kind: "text", text: " " },
      { kind: "code", text: "d" },
      { kind: "text", text: " " },
      { kind: "link", text: "e", href: "/map" },
      { kind: "text", text: " " },
      { kind: "text", text: "f" },
    ]);
  });

  it.each([
    ["/help/web", "/help/web"],
    ["https://example.com", "https://example.com"],
    ["//evil.example", null],
    ["data:text/html,x", null],
  ])("safeHref(%s)", (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});

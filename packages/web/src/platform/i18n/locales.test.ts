import { LANGUAGES } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales.ts";

const locales: Record<string, unknown> = LOCALES;
const en = LOCALES.en;

/** Flattens nested locale objects into "a.b.c" → value. */
function flatten(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

describe("locale files", () => {
  const reference = flatten(en);

  it("exist for every language of the platform", () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== "en"))("%s has exactly the keys of en", (language) => {
    const keys = [...flatten(locales[language]).keys()].sort();
    expect(keys).toEqual([...reference.keys()].sort());
  });

  it.each([...LANGUAGES])("%s has no empty or non-text values", (language) => {
    for (const [key, value] of flatten(locales[language])) {
      expect(typeof value, key).toBe("string");
      expect(String(value).trim(), key).not.toBe("");
    }
  });

  it.each([...LANGUAGES])("%s keeps every {{placeholder}} of en", (language) => {
    const translated = flatten(locales[language]);
    for (const [key, value] of reference) {
      const placeholders = String(value).match(/\{\{\w+\}\}/g) ?? [];
      for (const p of placeholders) expect(String(translated.get(key)), `${key} ${p}`).toContain(p);
    }
  });
});

describe("keys used by the code", () => {
  const reference = flatten(en);

  it('every literal t("…") key in the sources exists in en', async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    // Every source file of the app, not only this folder: src/ is two levels up.
    const root = join(__dirname, "..", "..");
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (f) => /\.tsx?$/.test(f) && !f.includes(".test."),
    );
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(root, file), "utf8");
      for (const match of source.matchAll(/\bt\("([a-zA-Z0-9_.]+)"/g)) {
        if (!reference.has(match[1]!)) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every dynamic key family is complete", async () => {
    const { ROLES, ROUTES } = await import("@vigia/domain");
    const expected = [
      ...ROUTES.map((r) => `routes.${r.key}`),
      ...ROLES.map((r) => `roles.${r}`),
      ...[0, 1, 2, 3, 4].map((s) => `company.state.${s}`),
      ...["top", "management", "places", "maintenance", "reports", "help", "super"].map(
        (s) => `nav.sections.${s}`,
      ),
    ];
    expect(expected.filter((key) => !reference.has(key))).toEqual([]);
  });
});

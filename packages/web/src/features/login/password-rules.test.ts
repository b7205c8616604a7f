import { LANGUAGES } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../platform/i18n/locales.ts";
import { brokenPasswordRules, PASSWORD_RULES } from "./password-rules.ts";

/** The value at a dotted key of a nested locale object, or undefined. */
function lookup(tree: unknown, key: string): unknown {
  let node = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

describe("password rules", () => {
  it.each([...LANGUAGES])("every rule has its text in %s", (language) => {
    const missing = PASSWORD_RULES.filter(
      (rule) => typeof lookup(LOCALES[language], `rules.${rule}`) !== "string",
    );
    expect(missing).toEqual([]);
  });

  it("reads the broken rules from the domain schema", () => {
    expect(brokenPasswordRules({ password: "Abcdefg1", repeatPassword: "Abcdefg1" })).toEqual(new Set());
    expect(brokenPasswordRules({ password: "abc", repeatPassword: "abd" })).toEqual(
      new Set(["password.tooShort", "password.needsDigit", "password.needsUpper", "password.mismatch"]),
    );
  });
});

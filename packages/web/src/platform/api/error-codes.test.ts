import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { API_ERROR, LANGUAGES, LICENSED_KINDS, licenceExceededDescription } from "@vigia/domain";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../i18n/locales.ts";
import { ApiError } from "./client.ts";
import { apiErrorCode, apiErrorKey, apiErrorText } from "./error-text.ts";

/**
 * Defect 4: every error code the server can answer has a translated message in every language.
 * The codes are read from the server's sources, so a new `conflict("x.y")` without texts fails here.
 */
const serverSrc = join(__dirname, "..", "..", "..", "..", "server", "src");

function serverSources(): { file: string; text: string }[] {
  return (readdirSync(serverSrc, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".ts") && !f.includes(".test."))
    .map((file) => ({ file, text: readFileSync(join(serverSrc, file), "utf8") }));
}

/** Every code a server source passes to an error constructor, plus those reaching one through a helper. */
function serverErrorCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  const add = (code: string, file: string) => codes.set(apiErrorCode(code), file);
  const patterns = [
    // badRequest("x"), conflict("x"), notFound("x"), forbidden("x"), unauthorized("x"), new ApiError(409, "x")
    /\b(?:badRequest|unauthorized|forbidden|notFound|conflict)\(\s*["`]([^"`$]+)["`]/g,
    /new ApiError\(\s*\d+\s*,\s*["`]([^"`$]+)["`]/g,
    // The defaults of the error helpers: unauthorized = (description = "unauthorized")
    /\(description = "([^"]+)"\)/g,
    // What the error handler answers itself: body(400, "validation.failed"), `reference.invalid (…)`
    /body\(\s*\d+\s*,\s*[`"]([a-z]+\.[a-zA-Z.]+)/g,
    // uniqueField(error, index, field, "name.duplicate") throws its last argument.
    /uniqueField\([^)]*,\s*"([^"]+)"\s*\)/g,
    // checkWmsLayer returns the code its route throws.
    /return "(wms\.[a-zA-Z]+)"/g,
  ];
  for (const { file, text } of serverSources())
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) add(match[1]!, file);
  // Codes thrown through the shared constants (API_ERROR.wrongCredentials…).
  for (const { file, text } of serverSources())
    for (const match of text.matchAll(/API_ERROR\.(\w+)/g)) {
      const value = (API_ERROR as Record<string, string>)[match[1]!];
      if (value) add(value, file);
    }
  codes.set("expired.password", "auth (expiredPasswordDescription)");
  for (const kind of LICENSED_KINDS)
    codes.set(
      apiErrorCode(licenceExceededDescription(kind, 1)),
      "items/licences (licenceExceededDescription)",
    );
  return codes;
}

describe("server error codes", () => {
  const codes = serverErrorCodes();

  it("are found in the server's sources (the extraction itself works)", () => {
    for (const code of [
      "group.notEmpty",
      "device.exists",
      "validation.failed",
      "not.found",
      "wrong.credentials",
    ])
      expect([...codes.keys()]).toContain(code);
    expect(codes.size).toBeGreaterThan(30);
  });

  it.each([...LANGUAGES])("each has a translated message in %s", (language) => {
    const texts = (LOCALES[language] as { apiErrors?: Record<string, string> }).apiErrors ?? {};
    const missing = [...codes].filter(([code]) => !texts[apiErrorKey(code).slice("apiErrors.".length)]);
    expect(missing.map(([code, file]) => `${code} (${file})`)).toEqual([]);
  });

  it("shows the translated text, and code, description and URL only for an unknown error", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "es", resources: { es: { translation: LOCALES.es } } });
    const error = (status: number, description: string) =>
      new ApiError(status, JSON.stringify({ description }), "/fr/v1/companies/id/1/groups/id/2", description);
    expect(apiErrorText(error(409, "group.notEmpty"), i18n.t)).toBe(
      "El grupo no está vacío: mueve o borra antes sus elementos y subgrupos.",
    );
    expect(apiErrorText(error(409, "device.exists"), i18n.t)).toBe(
      "Ya hay un dispositivo registrado con este identificador.",
    );
    expect(apiErrorText(error(409, "licence.vehicles;limit:5"), i18n.t)).toBe(
      "La empresa ha llegado a su límite de 5 licencias de vehículos: pide más licencias a tu distribuidor.",
    );
    expect(apiErrorText(error(418, "teapot.brewing"), i18n.t)).toContain("teapot.brewing");
    expect(apiErrorText(error(418, "teapot.brewing"), i18n.t)).toContain("/fr/v1/companies/id/1/groups/id/2");
  });
});

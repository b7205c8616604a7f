import { LANGUAGES } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { companyLanguage, periodicMail, recipientLanguage } from "./mail.ts";

describe("the periodic report mail's language", () => {
  it.each([
    ["es", "PT", "es"],
    ["fr", "ES", "fr"],
    ["de", "ES", "en"],
    [null, "PT", "pt"],
    [null, "br", "pt"],
    [null, "MX", "es"],
    [null, "DE", "en"],
    [null, "", "en"],
    ["", "IT", "it"],
  ] as const)("user language %j in a company of %j reads %s", (user, country, expected) => {
    expect(recipientLanguage(user, country)).toBe(expected);
  });

  it("knows no country whose language Vigia does not speak", () => {
    for (const country of ["ES", "PT", "FR", "IT", "TR", "GB", "US", "BR"])
      expect(LANGUAGES).toContain(companyLanguage(country));
    expect(companyLanguage("XX")).toBeNull();
  });

  const input = {
    name: "Fleet",
    fromTs: Date.UTC(2026, 0, 11, 23),
    toTs: Date.UTC(2026, 0, 18, 23),
    timezone: "Europe/Madrid",
    format: "pdf",
  };
  it.each([
    ["es", "Informe periódico: Fleet", "Periodo: del 2026-01-12 al 2026-01-18 (Europe/Madrid)"],
    ["en", "Periodic report: Fleet", "Period: 2026-01-12 to 2026-01-18 (Europe/Madrid)"],
    ["tr", "Periyodik rapor: Fleet", "Dönem: 2026-01-12 – 2026-01-18 (Europe/Madrid)"],
  ] as const)("in %s: %s, the period's days in the schedule's zone", (lang, subject, period) => {
    const mail = periodicMail(input, lang);
    expect(mail.subject).toBe(subject);
    expect(mail.text.split("\n")).toContain(period);
  });

  it("has every text in every language", () => {
    const texts = LANGUAGES.map((lang) => periodicMail(input, lang));
    expect(new Set(texts.map((t) => t.subject)).size).toBe(LANGUAGES.length);
    expect(new Set(texts.map((t) => t.text)).size).toBe(LANGUAGES.length);
  });
});

import { LANGUAGES } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { inEveryLanguage, SERVER_TEXTS, say, sayKnown } from "./texts.ts";

type Sections = Readonly<Record<string, Readonly<Record<string, string>>>>;
const { en, ...others }: Readonly<Record<string, Sections>> = SERVER_TEXTS;
const base: Sections = en ?? {};
const sections = Object.keys(base);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("server texts per language", () => {
  it("has a file for every interface language", () =>
    expect(Object.keys(SERVER_TEXTS).sort()).toEqual([...LANGUAGES].sort()));

  it.each(Object.entries(others))(
    "%s has every key English has, and no other, each with a text",
    (_, texts) => {
      expect(Object.keys(texts).sort()).toEqual([...sections].sort());
      for (const section of sections) {
        expect(Object.keys(texts[section] ?? {}).sort(), section).toEqual(
          Object.keys(base[section] ?? {}).sort(),
        );
        expect(
          Object.values(texts[section] ?? {}).filter((text) => !/\S/.test(text)),
          section,
        ).toEqual([]);
      }
    },
  );

  it.each(Object.entries(others))("%s fills the same placeholders as English", (_, texts) => {
    for (const section of sections) {
      const words = texts[section] ?? {};
      for (const [key, text] of Object.entries(base[section] ?? {}))
        expect(placeholders(words[key] ?? ""), `${section}.${key}`).toEqual(placeholders(text));
    }
  });
});

describe("server text lookup", () => {
  it("fills a text's placeholders in the language asked for", () => {
    expect(say("en", "ticketMail", "company", { name: "Acme" })).toBe("Company: Acme");
    expect(say("fr", "ticketMail", "company", { name: "Acme" })).toBe("Entreprise : Acme");
    expect(say("es", "alarmMail", "item")).toBe("Elemento");
  });

  it("answers a key that comes with the data, and null for one it does not have", () => {
    expect(sayKnown("pt", "alarmEvents", "geozoneIn")).toBe("Entrada na geozona");
    expect(sayKnown("tr", "alarmPriorities", 3)).toBe("Yüksek");
    expect(sayKnown("en", "alarmEvents", "noSuchEvent")).toBeNull();
    expect(sayKnown("en", "alarmEvents", "constructor")).toBeNull();
  });

  it("gives a key in every language", () =>
    expect(inEveryLanguage("alarmPriorities", 1)).toEqual({
      es: "Baja",
      en: "Low",
      pt: "Baixa",
      fr: "Basse",
      it: "Bassa",
      tr: "Düşük",
    }));
});

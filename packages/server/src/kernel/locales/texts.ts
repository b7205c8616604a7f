import type { Language } from "@vigia/domain";
import { fill } from "../mail/language.ts";
import { en, type ServerTexts } from "./texts.en.ts";
import { es } from "./texts.es.ts";
import { fr } from "./texts.fr.ts";
import { it } from "./texts.it.ts";
import { pt } from "./texts.pt.ts";
import { tr } from "./texts.tr.ts";

export type { ServerTexts } from "./texts.en.ts";

/**
 * The one lookup of what the server writes to people (mails, SMS, push notifications, notice and family
 * names): one file per language, English the base. A capability asks for a section and a key and gets the
 * text with its `{name}` placeholders filled; which language a recipient reads is decided by the caller
 * (`asLanguage` for a user's setting).
 */
export const SERVER_TEXTS: Readonly<Record<Language, ServerTexts>> = { en, es, fr, it, pt, tr };

type Base = typeof en;
export type TextSection = keyof Base;
export type TextKey<S extends TextSection> = keyof Base[S] & (string | number);

/** The names between braces in an English text: the values its every translation takes. */
type Placeholders<T> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;
type Values<T> = [Placeholders<T>] extends [never] ? [] : [values: Record<Placeholders<T>, string | number>];

/** One text in a language, its placeholders filled with the values its English text names. */
export function say<S extends TextSection, K extends TextKey<S>>(
  language: Language,
  section: S,
  key: K,
  ...values: Values<Base[S][K]>
): string {
  const texts: Readonly<Record<string | number, string>> = SERVER_TEXTS[language][section];
  return fill(texts[key] ?? "", values[0] ?? {});
}

/**
 * The text of a key that comes with the data (an event key of a notice, a priority number), or null when the
 * section has no such key.
 */
export function sayKnown(language: Language, section: TextSection, key: string | number): string | null {
  const texts: Readonly<Record<string, string>> = SERVER_TEXTS[language][section];
  return Object.hasOwn(texts, key) ? (texts[key] ?? null) : null;
}

/** A key's text in every language, for answers that let the browser pick (the alarm families and priorities). */
export function inEveryLanguage(section: TextSection, key: string | number): Record<Language, string> {
  const of = (language: Language): string => {
    const texts: Readonly<Record<string | number, string>> = SERVER_TEXTS[language][section];
    return texts[key] ?? "";
  };
  return { es: of("es"), en: of("en"), pt: of("pt"), fr: of("fr"), it: of("it"), tr: of("tr") };
}

import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from "@vigia/domain";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGE_KEY } from "../session/storage.ts";
import { LOCALES } from "./locales.ts";

export { LOCALES };

/** Names shown in the language selector, each in its own language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  es: "Español",
  en: "English",
  pt: "Português",
  fr: "Français",
  it: "Italiano",
  tr: "Türkçe",
};

export function isLanguage(value: string | null | undefined): value is Language {
  return value !== null && value !== undefined && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language | null {
  const value = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(value) ? value : null;
}

export function setLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  void i18next.changeLanguage(language);
}

/** Texts that name the product say the site's brand's name from now on. */
export function setProductName(name: string): void {
  const interpolation = i18next.options.interpolation ?? {};
  i18next.options.interpolation = {
    ...interpolation,
    defaultVariables: { ...interpolation.defaultVariables, product: name },
  };
}

export function initI18n(): typeof i18next {
  const language = storedLanguage() ?? DEFAULT_LANGUAGE;
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(LOCALES).map(([lng, translation]) => [lng, { translation }]),
    ),
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    // `{{product}}` in any text is the product's name as the site's brand gives it (setProductName).
    interpolation: { escapeValue: false, defaultVariables: { product: "Vigia" } },
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

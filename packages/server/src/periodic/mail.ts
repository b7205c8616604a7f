import type { Language } from "@vigia/domain";
import { say } from "../kernel/locales/texts.ts";
import { asLanguage } from "../kernel/mail/language.ts";

/**
 * The periodic report mail in its recipient's language: the language of the user the address belongs to, or
 * else the company's (the language of its country, when Vigia speaks it), or else English.
 */

/** The language of each country a company may be in, where Vigia speaks it (Germany's is not, so English). */
const COUNTRY_LANGUAGE: Readonly<Record<string, Language>> = {
  ES: "es",
  MX: "es",
  AR: "es",
  CO: "es",
  CL: "es",
  PE: "es",
  PT: "pt",
  BR: "pt",
  FR: "fr",
  IT: "it",
  TR: "tr",
  GB: "en",
  US: "en",
};

/** The company's language, from its country; null when the country has none Vigia speaks. */
export const companyLanguage = (countryId: string): Language | null =>
  COUNTRY_LANGUAGE[countryId.toUpperCase()] ?? null;

/** The recipient user's language when the address is a user's, else the company's, else English. */
export function recipientLanguage(userLanguage: string | null, countryId: string): Language {
  if (userLanguage !== null && userLanguage !== "") return asLanguage(userLanguage);
  return companyLanguage(countryId) ?? "en";
}

const day = (ts: number, timezone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: timezone, dateStyle: "short" }).format(ts);

export interface PeriodicMailInput {
  name: string;
  fromTs: number;
  /** End of the period, exclusive: the mail names the last day in it. */
  toTs: number;
  timezone: string;
  format: string;
}

/** Subject and text of one run's mail; the file is attached (no link, so no origin to trust). */
export function periodicMail(
  input: PeriodicMailInput,
  language: Language,
): { subject: string; text: string } {
  const values = {
    name: input.name,
    from: day(input.fromTs, input.timezone),
    to: day(input.toTs - 1, input.timezone),
    zone: input.timezone,
    format: input.format.toUpperCase(),
  };
  return {
    subject: say(language, "periodicMail", "subject", values),
    text: [
      input.name,
      "",
      say(language, "periodicMail", "period", values),
      "",
      say(language, "periodicMail", "attached", values),
    ].join("\n"),
  };
}

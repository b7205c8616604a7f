import { ALARM_PRIORITY, type Language } from "@vigia/domain";
import { inEveryLanguage, SERVER_TEXTS, say, sayKnown } from "../kernel/locales/texts.ts";
import { asLanguage, formatInZone } from "../kernel/mail/language.ts";

/** Every alarm family by its id, with its name in every language. */
export function familyNames(): Record<string, { id: number; name: Record<Language, string> }> {
  return Object.fromEntries(
    Object.keys(SERVER_TEXTS.en.alarmFamilies).map((id) => [
      id,
      { id: Number(id), name: inEveryLanguage("alarmFamilies", Number(id)) },
    ]),
  );
}

/** Every priority by its number, with its name in every language. */
export function priorityNames(): Record<string, Record<Language, string>> {
  return Object.fromEntries(
    Object.values(ALARM_PRIORITY).map((priority) => [priority, inEveryLanguage("alarmPriorities", priority)]),
  );
}

/** d h:mm:ss, as the spec formats durations. */
export function formatDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const hms = `${h}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}`;
  return d > 0 ? `${d}d ${hms}` : hms;
}

export interface MailInput {
  name: string;
  priority: number;
  event: string;
  text: string;
  itemName: string;
  ts: number;
  pos: { lat: number; lng: number } | null;
  /** The position's readable address, when known. */
  address: string | null;
  unsubscribeUrl: string;
  /** The position on the company's own site (SiteLinks), or null without a position. */
  mapUrl: string | null;
}

/** The map path that opens at an alarm's position (the web app's "/?lat&lng&alarm" deep link). */
export function alarmMapPath(pos: { lat: number; lng: number }, alarmId: number): string {
  return `/?lat=${pos.lat.toFixed(6)}&lng=${pos.lng.toFixed(6)}&alarm=${alarmId}`;
}

export function alarmMail(input: MailInput, language: string, timeZone: string) {
  const lang = asLanguage(language);
  const event = sayKnown(lang, "alarmEvents", input.event) ?? input.event;
  const priority = sayKnown(lang, "alarmPriorities", input.priority) ?? String(input.priority);
  const coordinates = input.pos ? `${input.pos.lat.toFixed(6)},${input.pos.lng.toFixed(6)}` : "-";
  const position = input.pos && input.address ? `${input.address} (${coordinates})` : coordinates;
  const lines = [
    input.name,
    "",
    `${say(lang, "alarmMail", "event")}: ${event}${input.text ? ` (${input.text})` : ""}`,
    `${say(lang, "alarmMail", "item")}: ${input.itemName}`,
    `${say(lang, "alarmMail", "date")}: ${formatInZone(input.ts, timeZone)} (${timeZone})`,
    `${say(lang, "alarmMail", "position")}: ${position}`,
    ...(input.mapUrl ? [`${say(lang, "alarmMail", "map")}: ${input.mapUrl}`] : []),
    `${say(lang, "alarmMail", "priority")}: ${priority}`,
    "",
    `${say(lang, "alarmMail", "unsubscribe")}: ${input.unsubscribeUrl}`,
  ];
  return { subject: `[${priority}] ${input.name}: ${event} - ${input.itemName}`, text: lines.join("\n") };
}

import { say } from "../kernel/locales/texts.ts";
import { asLanguage } from "../kernel/mail/language.ts";

export interface RevisionMailInput {
  task: string;
  itemName: string;
  overdue: boolean;
  dueKm: number | null;
  dueDate: string | null;
  dueHours: number | null;
  currentKm: number | null;
}

/** The mail a due or overdue revision sends the company's administrators, in each one's language. */
export function revisionMail(input: RevisionMailInput, language: string): { subject: string; text: string } {
  const lang = asLanguage(language);
  const stage = input.overdue ? "overdue" : "due";
  const subject = input.overdue ? "overdueSubject" : "dueSubject";
  const at = [
    input.dueKm !== null ? `${Math.round(input.dueKm)} km` : null,
    input.dueDate,
    input.dueHours !== null ? `${Math.round(input.dueHours)} ${say(lang, "revisionMail", "hours")}` : null,
  ]
    .filter((x) => x !== null)
    .join(" / ");
  const values = { task: input.task, item: input.itemName, at };
  const lines = [say(lang, "revisionMail", stage, values)];
  if (input.currentKm !== null)
    lines.push(say(lang, "revisionMail", "odometer", { km: Math.round(input.currentKm) }));
  return { subject: say(lang, "revisionMail", subject, values), text: lines.join(" ") };
}

import { asLanguage, fill, type Texts } from "../kernel/mail/language.ts";

/** The mail a due or overdue revision sends the company's administrators, in each one's language. */
const SUBJECT: Record<"due" | "overdue", Texts> = {
  due: {
    es: "Mantenimiento próximo: {task} – {item}",
    en: "Maintenance due soon: {task} – {item}",
    pt: "Manutenção próxima: {task} – {item}",
    fr: "Entretien bientôt dû : {task} – {item}",
    it: "Manutenzione in scadenza: {task} – {item}",
    tr: "Bakım zamanı yaklaşıyor: {task} – {item}",
  },
  overdue: {
    es: "Mantenimiento vencido: {task} – {item}",
    en: "Maintenance overdue: {task} – {item}",
    pt: "Manutenção em atraso: {task} – {item}",
    fr: "Entretien en retard : {task} – {item}",
    it: "Manutenzione scaduta: {task} – {item}",
    tr: "Bakım gecikti: {task} – {item}",
  },
};

const BODY: Record<"due" | "overdue" | "odometer", Texts> = {
  due: {
    es: "La revisión «{task}» de {item} vence pronto (vence en {at}).",
    en: 'The revision "{task}" of {item} is due soon (due at {at}).',
    pt: "A revisão «{task}» de {item} vence em breve (vence em {at}).",
    fr: "La révision « {task} » de {item} arrive bientôt à échéance (échéance : {at}).",
    it: "La revisione «{task}» di {item} è in scadenza (scadenza: {at}).",
    tr: '{item} için "{task}" bakımının zamanı yaklaşıyor (vade: {at}).',
  },
  overdue: {
    es: "La revisión «{task}» de {item} está vencida (vencía en {at}).",
    en: 'The revision "{task}" of {item} is overdue (it was due at {at}).',
    pt: "A revisão «{task}» de {item} está em atraso (vencia em {at}).",
    fr: "La révision « {task} » de {item} est en retard (échéance : {at}).",
    it: "La revisione «{task}» di {item} è scaduta (scadenza: {at}).",
    tr: '{item} için "{task}" bakımı gecikti (vade: {at}).',
  },
  odometer: {
    es: "Cuentakilómetros actual: {km} km.",
    en: "Odometer now: {km} km.",
    pt: "Conta-quilómetros atual: {km} km.",
    fr: "Compteur actuel : {km} km.",
    it: "Contachilometri attuale: {km} km.",
    tr: "Güncel kilometre: {km} km.",
  },
};

const HOURS: Texts = { es: "h", en: "h", pt: "h", fr: "h", it: "h", tr: "sa" };

export interface RevisionMailInput {
  task: string;
  itemName: string;
  overdue: boolean;
  dueKm: number | null;
  dueDate: string | null;
  dueHours: number | null;
  currentKm: number | null;
}

export function revisionMail(input: RevisionMailInput, language: string): { subject: string; text: string } {
  const lang = asLanguage(language);
  const stage = input.overdue ? "overdue" : "due";
  const at = [
    input.dueKm !== null ? `${Math.round(input.dueKm)} km` : null,
    input.dueDate,
    input.dueHours !== null ? `${Math.round(input.dueHours)} ${HOURS[lang]}` : null,
  ]
    .filter((x) => x !== null)
    .join(" / ");
  const values = { task: input.task, item: input.itemName, at };
  const lines = [fill(BODY[stage][lang], values)];
  if (input.currentKm !== null) lines.push(fill(BODY.odometer[lang], { km: Math.round(input.currentKm) }));
  return { subject: fill(SUBJECT[stage][lang], values), text: lines.join(" ") };
}

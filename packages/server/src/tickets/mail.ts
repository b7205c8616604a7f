import type { TicketState } from "@vigia/domain";
import { asLanguage, fill, type Texts } from "../kernel/mail/language.ts";
import type { MailMessage } from "../kernel/mail/mailer.ts";

/** Why the assignee or the requester hears of a ticket. */
export type TicketMailReason = "assigned" | "comment" | "state";

const WHAT: Record<TicketMailReason, Texts> = {
  assigned: {
    es: "El ticket #{id} «{title}» te ha sido asignado por {by}.",
    en: 'Ticket #{id} "{title}" was assigned to you by {by}.',
    pt: "O ticket #{id} «{title}» foi-lhe atribuído por {by}.",
    fr: "Le ticket n° {id} « {title} » vous a été attribué par {by}.",
    it: "Il ticket #{id} «{title}» ti è stato assegnato da {by}.",
    tr: '#{id} "{title}" talebi {by} tarafından size atandı.',
  },
  comment: {
    es: "El ticket #{id} «{title}» tiene un comentario nuevo de {by}.",
    en: 'Ticket #{id} "{title}" has a new comment from {by}.',
    pt: "O ticket #{id} «{title}» tem um novo comentário de {by}.",
    fr: "Le ticket n° {id} « {title} » a un nouveau commentaire de {by}.",
    it: "Il ticket #{id} «{title}» ha un nuovo commento di {by}.",
    tr: '#{id} "{title}" talebine {by} yeni bir yorum ekledi.',
  },
  state: {
    es: "El ticket #{id} «{title}» está ahora {state} ({by}).",
    en: 'Ticket #{id} "{title}" is now {state} ({by}).',
    pt: "O ticket #{id} «{title}» está agora {state} ({by}).",
    fr: "Le ticket n° {id} « {title} » est maintenant {state} ({by}).",
    it: "Il ticket #{id} «{title}» è ora {state} ({by}).",
    tr: '#{id} "{title}" talebinin durumu artık: {state} ({by}).',
  },
};

const STATE: Record<TicketState, Texts> = {
  open: { es: "abierto", en: "open", pt: "aberto", fr: "ouvert", it: "aperto", tr: "açık" },
  inProgress: {
    es: "en curso",
    en: "in progress",
    pt: "em curso",
    fr: "en cours",
    it: "in corso",
    tr: "işlemde",
  },
  resolved: { es: "resuelto", en: "resolved", pt: "resolvido", fr: "résolu", it: "risolto", tr: "çözüldü" },
  closed: { es: "cerrado", en: "closed", pt: "fechado", fr: "fermé", it: "chiuso", tr: "kapalı" },
};

const LABEL: Record<"subject" | "company", Texts> = {
  subject: {
    es: "Ticket #{id}: {title}",
    en: "Ticket #{id}: {title}",
    pt: "Ticket #{id}: {title}",
    fr: "Ticket n° {id} : {title}",
    it: "Ticket #{id}: {title}",
    tr: "Talep #{id}: {title}",
  },
  company: {
    es: "Empresa: {name}",
    en: "Company: {name}",
    pt: "Empresa: {name}",
    fr: "Entreprise : {name}",
    it: "Azienda: {name}",
    tr: "Şirket: {name}",
  },
};

export interface TicketMailInput {
  id: number;
  title: string;
  state: TicketState;
  companyName: string;
  /** The text of the new comment (reason "comment"). */
  comment: string;
}

/** The mail to one person involved in a ticket, in that person's language. */
export function ticketMail(
  ticket: TicketMailInput,
  why: TicketMailReason,
  by: string,
  to: { email: string; language: string },
): MailMessage {
  const lang = asLanguage(to.language);
  const values = { id: ticket.id, title: ticket.title, by, state: STATE[ticket.state][lang] };
  return {
    to: to.email,
    subject: fill(LABEL.subject[lang], values),
    text: [
      fill(WHAT[why][lang], values),
      why === "comment" ? ticket.comment : "",
      fill(LABEL.company[lang], { name: ticket.companyName }),
    ]
      .filter((l) => l !== "")
      .join("\n\n"),
  };
}

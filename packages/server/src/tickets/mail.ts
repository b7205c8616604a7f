import type { TicketState } from "@vigia/domain";
import { say } from "../kernel/locales/texts.ts";
import { asLanguage } from "../kernel/mail/language.ts";
import type { MailMessage } from "../kernel/mail/mailer.ts";

/** Why the assignee or the requester hears of a ticket. */
export type TicketMailReason = "assigned" | "comment" | "state";

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
  const values = { id: ticket.id, title: ticket.title, by, state: say(lang, "ticketStates", ticket.state) };
  return {
    to: to.email,
    subject: say(lang, "ticketMail", "subject", values),
    text: [
      say(lang, "ticketMail", why, values),
      why === "comment" ? ticket.comment : "",
      say(lang, "ticketMail", "company", { name: ticket.companyName }),
    ]
      .filter((l) => l !== "")
      .join("\n\n"),
  };
}

import { LANGUAGES } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { revisionMail } from "../../maintenance/mail.ts";
import { ticketMail } from "../../tickets/mail.ts";
import { asLanguage, fill } from "./language.ts";

/** The back-office mails (maintenance, tickets) speak the recipient's language, as the alarm mails do. */
describe("mail language", () => {
  it.each([
    ["es", "es"],
    ["tr", "tr"],
    ["de", "en"],
    ["", "en"],
  ])("reads %j as %s", (value, expected) => expect(asLanguage(value)).toBe(expected));

  it("fills placeholders and leaves unknown ones", () =>
    expect(fill("{a} and {b}", { a: 1 })).toBe("1 and {b}"));

  const revision = {
    task: "Oil",
    itemName: "Van 1",
    overdue: false,
    dueKm: 1500.4,
    dueDate: "2026-02-01",
    dueHours: null,
    currentKm: 1499.6,
  };
  it.each([
    ["es", "Mantenimiento próximo: Oil – Van 1", "Cuentakilómetros actual: 1500 km."],
    ["en", "Maintenance due soon: Oil – Van 1", "Odometer now: 1500 km."],
    ["pt", "Manutenção próxima: Oil – Van 1", "Conta-quilómetros atual: 1500 km."],
    ["fr", "Entretien bientôt dû : Oil – Van 1", "Compteur actuel : 1500 km."],
    ["it", "Manutenzione in scadenza: Oil – Van 1", "Contachilometri attuale: 1500 km."],
    ["tr", "Bakım zamanı yaklaşıyor: Oil – Van 1", "Güncel kilometre: 1500 km."],
  ])("writes the due revision mail in %s", (language, subject, odometer) => {
    const mail = revisionMail(revision, language);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain("1500 km / 2026-02-01");
    expect(mail.text).toContain(odometer);
  });

  it("says overdue apart from due soon, in every language", () => {
    for (const language of LANGUAGES) {
      const due = revisionMail(revision, language);
      const overdue = revisionMail({ ...revision, overdue: true, currentKm: null }, language);
      expect(overdue.subject).not.toBe(due.subject);
      expect(overdue.text).not.toMatch(/\{\w+\}/);
    }
  });

  const ticket = {
    id: 7,
    title: "Mirror",
    state: "inProgress" as const,
    companyName: "Acme",
    comment: "Done",
  };
  it.each([
    ["es", "Ticket #7: Mirror", "está ahora en curso", "Empresa: Acme"],
    ["en", "Ticket #7: Mirror", "is now in progress", "Company: Acme"],
    ["pt", "Ticket #7: Mirror", "está agora em curso", "Empresa: Acme"],
    ["fr", "Ticket n° 7 : Mirror", "est maintenant en cours", "Entreprise : Acme"],
    ["it", "Ticket #7: Mirror", "è ora in corso", "Azienda: Acme"],
    ["tr", "Talep #7: Mirror", "işlemde", "Şirket: Acme"],
  ])("writes the ticket state mail in %s", (language, subject, state, company) => {
    const mail = ticketMail(ticket, "state", "ana@acme.demo", { email: "x@acme.demo", language });
    expect(mail).toMatchObject({ to: "x@acme.demo", subject });
    expect(mail.text).toContain(state);
    expect(mail.text).toContain(company);
    expect(mail.text).not.toContain("Done");
  });

  it("quotes the new comment and names the author, in every language", () => {
    for (const language of LANGUAGES) {
      const mail = ticketMail(ticket, "comment", "ana@acme.demo", { email: "x", language });
      expect(mail.text).toContain("Done");
      expect(mail.text).toContain("ana@acme.demo");
      const assigned = ticketMail(ticket, "assigned", "ana@acme.demo", { email: "x", language });
      expect(assigned.text).not.toBe(mail.text);
      expect(assigned.text).not.toMatch(/\{\w+\}/);
    }
  });
});

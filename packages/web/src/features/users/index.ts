/** What other features use of users: the notification mails checklist (the company form's defaults). */
export { MailFlagsField } from "./mail-flags-field.tsx";

import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Clock } from "../config.ts";
import type { Database } from "../db/database.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Every mail is written to the outbox first, so nothing is lost when SMTP is down or absent.
 * With SMTP configured it is sent at once and marked sent; failures stay in the outbox for `flush` to retry.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | null,
    private readonly from: string,
    /**
     * Whether a mail kept for lack of SMTP may be written to the log whole. Only the demo does: mail carries
     * password and unsubscribe keys, which a production log must never hold.
     */
    private readonly logBodies = false,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  async send(message: MailMessage): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `insert into mail_outbox (to_address, subject, body_text, body_html, created_ts)
       values ($1, $2, $3, $4, $5) returning id`,
      [message.to, message.subject, message.text, message.html ?? null, this.clock.now()],
    );
    const id = rows[0]!.id;
    if (!this.transport) {
      const mail = { id, to: message.to, subject: message.subject };
      this.log.info(
        { mail: this.logBodies ? { ...mail, text: message.text } : mail },
        "mail kept in outbox (no SMTP_URL)",
      );
      return id;
    }
    await this.deliver(id, message);
    return id;
  }

  /** Retries unsent mail; called periodically by the scheduler. */
  async flush(limit = 50): Promise<void> {
    if (!this.transport) return;
    const rows = await this.db.query<{
      id: number;
      to_address: string;
      subject: string;
      body_text: string;
      body_html: string | null;
    }>(
      "select id, to_address, subject, body_text, body_html from mail_outbox where sent_ts is null and attempts < 10 order by id limit $1",
      [limit],
    );
    for (const row of rows) {
      await this.deliver(row.id, {
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html ?? undefined,
      });
    }
  }

  private async deliver(id: number, message: MailMessage): Promise<void> {
    try {
      await this.transport!.sendMail({ from: this.from, ...message });
      await this.db.query(
        "update mail_outbox set sent_ts = $2, attempts = attempts + 1, last_error = null where id = $1",
        [id, this.clock.now()],
      );
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.log.warn({ mailId: id, err: text }, "mail delivery failed; kept in outbox for retry");
      await this.db.query("update mail_outbox set attempts = attempts + 1, last_error = $2 where id = $1", [
        id,
        text,
      ]);
    }
  }

  close(): void {
    this.transport?.close();
  }
}

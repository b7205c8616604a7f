import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Clock } from "../config.ts";
import type { Database } from "../db/database.ts";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (periodic reports); kept in the outbox with it, base64, for retries. */
  attachments?: MailAttachment[];
}

/** What became of one outbox mail: sent, kept for lack of SMTP, or failed (and why). */
export type MailOutcome = { status: "sent" | "queued" } | { status: "failed"; error: string };

interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

const storeAttachments = (list: MailAttachment[] | undefined): string | null =>
  list?.length
    ? JSON.stringify(
        list.map(
          (a): StoredAttachment => ({
            filename: a.filename,
            contentType: a.contentType,
            base64: Buffer.from(a.content).toString("base64"),
          }),
        ),
      )
    : null;

const readAttachments = (stored: StoredAttachment[] | null): MailAttachment[] | undefined =>
  stored?.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.base64, "base64"),
  }));

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

  /**
   * Keeps the mail in the outbox and delivers it in the background: the caller waits only for the outbox row,
   * so a reply never waits on SMTP and nothing is lost if delivery fails (the outbox retries it).
   */
  async enqueue(message: MailMessage): Promise<number> {
    const id = await this.store(message);
    if (this.transport)
      void this.deliver(id, message).catch((err: unknown) => {
        this.log.warn({ err }, "mail delivery failed; it stays in the outbox");
      });
    return id;
  }

  async send(message: MailMessage): Promise<number> {
    const id = await this.store(message);
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

  private async store(message: MailMessage): Promise<number> {
    const rows = await this.db.query<{ id: number }>(
      `insert into mail_outbox (to_address, subject, body_text, body_html, created_ts, attachments)
       values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
      [
        message.to,
        message.subject,
        message.text,
        message.html ?? null,
        this.clock.now(),
        storeAttachments(message.attachments),
      ],
    );
    return rows[0]!.id;
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
      attachments: StoredAttachment[] | null;
    }>(
      "select id, to_address, subject, body_text, body_html, attachments from mail_outbox where sent_ts is null and attempts < 10 order by id limit $1",
      [limit],
    );
    for (const row of rows) {
      await this.deliver(row.id, {
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html ?? undefined,
        attachments: readAttachments(row.attachments),
      });
    }
  }

  /** What became of a mail `send` returned the id of. */
  async outcome(id: number): Promise<MailOutcome> {
    const rows = await this.db.query<{ sent_ts: number | null; last_error: string | null }>(
      "select sent_ts, last_error from mail_outbox where id = $1",
      [id],
    );
    const row = rows[0];
    if (row?.sent_ts != null) return { status: "sent" };
    if (row?.last_error) return { status: "failed", error: row.last_error };
    return { status: "queued" };
  }

  /** Takes a failed mail out of the outbox's retries: its sender retries on its own terms (periodic runs). */
  async abandon(id: number): Promise<void> {
    await this.db.query("update mail_outbox set attempts = greatest(attempts, 10) where id = $1", [id]);
  }

  private async deliver(id: number, message: MailMessage): Promise<void> {
    try {
      const { attachments, ...rest } = message;
      await this.transport!.sendMail({
        from: this.from,
        ...rest,
        ...(attachments?.length
          ? {
              attachments: attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.content),
              })),
            }
          : {}),
      });
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

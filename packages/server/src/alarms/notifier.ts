import { type AlarmDelivery, type AlarmLog, mailFlagAllows, mailFlagOf } from "@vigia/domain";
import webpush from "web-push";
import type { ReverseGeocoder } from "../geocoding/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { EgressError, type EgressGuard } from "../kernel/egress.ts";
import type { Mailer } from "../kernel/mail/mailer.ts";
import { createUnsubscribeKey } from "../users/index.ts";
import { alarmMail, alarmMapPath } from "./texts.ts";

/**
 * Sends a notice over every channel its rule asks for and records each attempt on the notice
 * (alarm_deliveries). HTTP channels (SMS gateway, web push, alarm-receiving centre) are retried with
 * back-off on the scheduler tick; e-mail is retried by the mailer's outbox and its status is copied here.
 */
export const MAX_ATTEMPTS = 5;
const HTTP_TIMEOUT_MS = 10_000;
const backoffMs = (attempts: number) => Math.min(30 * 60_000, 30_000 * 2 ** (attempts - 1));

export interface NotifierEnv {
  smsGatewayUrl: string | null;
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
}

export function notifierEnv(env: NodeJS.ProcessEnv = process.env): NotifierEnv {
  return {
    smsGatewayUrl: env.SMS_GATEWAY_URL || null,
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? {
            publicKey: env.VAPID_PUBLIC_KEY,
            privateKey: env.VAPID_PRIVATE_KEY,
            subject: env.VAPID_SUBJECT || "mailto:alarms@vigia.local",
          }
        : null,
  };
}

/** VAPID keys from the environment, or generated once and kept in `settings` so browsers stay subscribed. */
export async function loadVapid(
  ctx: Pick<KernelContext, "db">,
  env: NotifierEnv,
): Promise<NonNullable<NotifierEnv["vapid"]>> {
  if (env.vapid) return env.vapid;
  const rows = await ctx.db.query<{ value: { publicKey: string; privateKey: string } }>(
    "select value from settings where key = 'vapid'",
  );
  if (rows[0]) return { ...rows[0].value, subject: "mailto:alarms@vigia.local" };
  const keys = webpush.generateVAPIDKeys();
  await ctx.db.query("insert into settings (key, value) values ('vapid', $1) on conflict (key) do nothing", [
    { publicKey: keys.publicKey, privateKey: keys.privateKey },
  ]);
  const again = await ctx.db.query<{ value: { publicKey: string; privateKey: string } }>(
    "select value from settings where key = 'vapid'",
  );
  return { ...(again[0]?.value ?? keys), subject: "mailto:alarms@vigia.local" };
}

interface Recipient {
  userId: number | null;
  email: string;
  phone: string;
  language: string;
  timezone: string;
  mailOptOut: boolean;
}

type Payload =
  | { kind: "sms"; to: string; text: string }
  | { kind: "cra"; url: string; body: unknown }
  | { kind: "push"; subscription: webpush.PushSubscription; body: string };

export class Notifier {
  private vapid: NonNullable<NotifierEnv["vapid"]> | null = null;

  constructor(
    private readonly ctx: KernelContext & { mailer: Mailer; egress: EgressGuard; geocoder: ReverseGeocoder },
    readonly env: NotifierEnv = notifierEnv(),
  ) {}

  async vapidKeys() {
    this.vapid ??= await loadVapid(this.ctx, this.env);
    return this.vapid;
  }

  /** Company users named by the rule (only users of the notice's company) plus the external recipients. */
  async recipients(log: AlarmLog): Promise<Recipient[]> {
    const n = log.info.notification;
    const users = await this.ctx.db.query<{
      id: number;
      email: string;
      phone: string;
      language: string;
      timezone: string;
      notifications: Record<string, unknown>;
    }>(
      "select id, email, phone, language, timezone, notifications from users where company_id = $1 and id = any($2::int[])",
      [log.companyId, n.userIds],
    );
    const out: Recipient[] = users.map((u) => ({
      userId: u.id,
      email: u.email,
      phone: u.phone,
      language: u.language,
      timezone: u.timezone,
      // "alarms" switches every alarm mail off; the family's mail flag switches off its kind.
      mailOptOut: u.notifications.alarms === false || !mailFlagAllows(u.notifications, log.info.family ?? 0),
    }));
    for (const ext of n.extUsers)
      out.push({
        userId: null,
        email: ext.email.trim(),
        phone: ext.smsPhone.trim(),
        language: ext.language || "en",
        timezone: ext.timezone || "UTC",
        mailOptOut: false,
      });
    return out;
  }

  async dispatch(log: AlarmLog, craUrl: string | null): Promise<void> {
    const n = log.info.notification;
    const now = this.ctx.clock.now();
    const recipients = await this.recipients(log);
    const tasks: Promise<void>[] = [];
    if (n.pushFront) await this.record(log.id, "pushFront", "live", "sent", null);
    if (n.email) {
      if (await this.companyMailsFamily(log)) {
        for (const r of recipients) if (r.email && !r.mailOptOut) tasks.push(this.sendMail(log, r, now));
      } else {
        const flag = mailFlagOf(log.info.family ?? 0);
        await this.record(log.id, "email", "company", "notConfigured", `mail flag ${flag} off`);
      }
    }
    if (n.sms)
      for (const r of recipients) {
        if (!r.phone) continue;
        if (!this.env.smsGatewayUrl) {
          await this.record(log.id, "sms", r.phone, "notConfigured", "sms not configured");
          continue;
        }
        const text = `${log.info.name}: ${log.data.event} ${log.itemName} ${log.data.text}`.trim();
        tasks.push(this.attemptNew(log.id, "sms", r.phone, { kind: "sms", to: r.phone, text }));
      }
    if (n.pushApp) tasks.push(this.sendPush(log));
    if (n.cra && n.craId !== null) {
      if (!craUrl) await this.record(log.id, "cra", String(n.craId), "notConfigured", "cra not configured");
      else
        tasks.push(
          this.attemptNew(log.id, "cra", craUrl, {
            kind: "cra",
            url: craUrl,
            body: { craCode: log.info.craCode, craId: n.craId, alarm: log },
          }),
        );
    }
    await Promise.allSettled(tasks);
  }

  /** The company's mail flag of the notice's family; unset means on. */
  private async companyMailsFamily(log: AlarmLog): Promise<boolean> {
    const rows = await this.ctx.db.query<{ mail: Record<string, unknown> | null }>(
      "select conf->'notifications'->'mail' as mail from companies where id = $1",
      [log.companyId],
    );
    return mailFlagAllows(rows[0]?.mail ?? undefined, log.info.family ?? 0);
  }

  private async sendMail(log: AlarmLog, r: Recipient, now: number): Promise<void> {
    const key = await createUnsubscribeKey(this.ctx.db, now, {
      userId: r.userId,
      email: r.email,
      kind: "alarms",
    });
    const mail = alarmMail(
      {
        name: log.info.name,
        priority: log.info.priority,
        event: log.data.event,
        text: log.data.text,
        itemName: log.itemName,
        ts: log.ts,
        pos: log.data.pos,
        // In the recipient's language; a failure leaves the coordinates alone, never the mail unsent.
        address: log.data.pos
          ? await this.ctx.geocoder.address(log.data.pos.lat, log.data.pos.lng, r.language).catch(() => null)
          : null,
        unsubscribeUrl: await this.ctx.links.forCompany(log.companyId, `/notifications/unsubscribe/${key}`),
        mapUrl: log.data.pos
          ? await this.ctx.links.forCompany(log.companyId, alarmMapPath(log.data.pos, log.id))
          : null,
      },
      r.language,
      r.timezone,
    );
    const brand = await this.ctx.links.brandNameForCompany(log.companyId);
    const mailId = await this.ctx.mailer.send({
      to: r.email,
      subject: `${brand}: ${mail.subject}`,
      text: `${mail.text}\n\n— ${brand}`,
    });
    const status = await this.mailStatus(mailId);
    await this.ctx.db.query(
      `insert into alarm_deliveries (log_id, channel, target, status, attempts, last_error, mail_id, updated_ts)
       values ($1, 'email', $2, $3, 1, $4, $5, $6)`,
      [log.id, r.email, status.status, status.error, mailId, this.ctx.clock.now()],
    );
  }

  private async mailStatus(
    mailId: number,
  ): Promise<{ status: AlarmDelivery["status"]; error: string | null }> {
    const rows = await this.ctx.db.query<{ sent_ts: number | null; last_error: string | null }>(
      "select sent_ts, last_error from mail_outbox where id = $1",
      [mailId],
    );
    const row = rows[0];
    if (row?.sent_ts) return { status: "sent", error: null };
    if (!this.ctx.mailer.configured)
      return { status: "queued", error: "smtp not configured: kept in outbox" };
    return { status: row?.last_error ? "failed" : "pending", error: row?.last_error ?? null };
  }

  private async sendPush(log: AlarmLog): Promise<void> {
    const subs = await this.ctx.db.query<{ endpoint: string; keys: { p256dh: string; auth: string } }>(
      `select s.endpoint, s.keys from push_subscriptions s join users u on u.id = s.user_id
       where u.company_id = $1 and u.id = any($2::int[])`,
      [log.companyId, log.info.notification.userIds],
    );
    const body = JSON.stringify({
      title: log.info.name,
      body: `${log.itemName} · ${log.data.event}${log.data.text ? ` · ${log.data.text}` : ""}`,
      alarmLogId: log.id,
      companyId: log.companyId,
    });
    await Promise.allSettled(
      subs.map((s) =>
        this.attemptNew(log.id, "pushApp", s.endpoint, {
          kind: "push",
          subscription: { endpoint: s.endpoint, keys: s.keys },
          body,
        }),
      ),
    );
  }

  private async record(
    logId: number,
    channel: AlarmDelivery["channel"],
    target: string,
    status: AlarmDelivery["status"],
    error: string | null,
  ): Promise<void> {
    await this.ctx.db.query(
      `insert into alarm_deliveries (log_id, channel, target, status, attempts, last_error, updated_ts)
       values ($1, $2, $3, $4, 0, $5, $6)`,
      [logId, channel, target, status, error, this.ctx.clock.now()],
    );
  }

  private async attemptNew(
    logId: number,
    channel: AlarmDelivery["channel"],
    target: string,
    payload: Payload,
  ) {
    const rows = await this.ctx.db.query<{ id: number }>(
      `insert into alarm_deliveries (log_id, channel, target, status, payload, updated_ts)
       values ($1, $2, $3, 'pending', $4, $5) returning id`,
      [logId, channel, target, payload, this.ctx.clock.now()],
    );
    await this.attempt(rows[0]!.id, payload, 0);
  }

  private async attempt(id: number, payload: Payload, attemptsBefore: number): Promise<void> {
    const attempts = attemptsBefore + 1;
    let error: string | null = null;
    try {
      await this.deliver(payload);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      if (payload.kind === "push" && /\b(404|410)\b/.test(error))
        await this.ctx.db.query("delete from push_subscriptions where endpoint = $1", [
          payload.subscription.endpoint,
        ]);
    }
    const now = this.ctx.clock.now();
    const retry = error !== null && attempts < MAX_ATTEMPTS ? now + backoffMs(attempts) : null;
    await this.ctx.db.query(
      "update alarm_deliveries set status = $2, attempts = $3, last_error = $4, next_ts = $5, updated_ts = $6 where id = $1",
      [id, error === null ? "sent" : "failed", attempts, error, retry, now],
    );
  }

  /**
   * Every channel posts through the egress guard: a push endpoint comes from a browser, a CRA address from
   * a company, so neither may point the server at an internal address. A refused or unreachable target is
   * recorded as the same neutral error.
   */
  private async deliver(payload: Payload): Promise<void> {
    const request = await this.httpRequest(payload);
    let status: number;
    try {
      status = (
        await this.ctx.egress.fetch(request.url, {
          method: "POST",
          headers: request.headers,
          body: request.body,
          timeoutMs: HTTP_TIMEOUT_MS,
          maxBytes: 64 * 1024,
        })
      ).status;
    } catch (error) {
      if (error instanceof EgressError) throw new Error("unreachable");
      throw error;
    }
    if (status < 200 || status > 299) throw new Error(`HTTP ${status}`);
  }

  private async httpRequest(
    payload: Payload,
  ): Promise<{ url: string; headers: Record<string, string>; body: string | Buffer }> {
    if (payload.kind === "push") {
      // web-push encrypts and signs; the request itself goes out through the guard.
      const details = webpush.generateRequestDetails(payload.subscription, payload.body, {
        vapidDetails: await this.vapidKeys(),
        TTL: 3600,
      });
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(details.headers)) headers[key] = String(value);
      return { url: details.endpoint, headers, body: details.body ?? "" };
    }
    const url = payload.kind === "sms" ? this.env.smsGatewayUrl! : payload.url;
    const body = payload.kind === "sms" ? { to: payload.to, text: payload.text } : payload.body;
    return { url, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  }

  /** Scheduler pass: retries failed HTTP deliveries that are due, and copies mail outcomes from the outbox. */
  async retryDue(): Promise<void> {
    const now = this.ctx.clock.now();
    const due = await this.ctx.db.query<{ id: number; attempts: number; payload: Payload }>(
      "select id, attempts, payload from alarm_deliveries where next_ts is not null and next_ts <= $1 order by id limit 100",
      [now],
    );
    for (const d of due) await this.attempt(d.id, d.payload, d.attempts);
    await this.ctx.db.query(
      `update alarm_deliveries d set status = case when m.sent_ts is not null then 'sent' else 'failed' end,
         attempts = m.attempts, last_error = m.last_error, updated_ts = $1
       from mail_outbox m where d.mail_id = m.id and d.status in ('pending', 'failed')
         and (m.sent_ts is not null or m.attempts <> d.attempts)`,
      [now],
    );
  }
}

import { EVENT_FAMILY, mailFlagAllows, REVISION_STATE, revisionStatus } from "@vigia/domain";
import type { AlarmService } from "../alarms/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { Mailer } from "../kernel/mail/mailer.ts";
import type { AppliedPosition, LiveState } from "../live/index.ts";
import { revisionMail } from "./mail.ts";
import { companyTimeZone, localDay, openRevisions, type RevisionRow } from "./store.ts";

export type MaintenanceContext = KernelContext & { live: LiveState; alarms: AlarmService; mailer: Mailer };

/** 1: due soon (inside the warning), 2: overdue. */
type Stage = 0 | 1 | 2;

/**
 * Moves open revisions planned → pending (and overdue) as the items' odometers and hour meters grow and the
 * days pass, and notifies each stage once: the alarm channel (active maintenance rules of the item) and a
 * mail (in each one's language) to the company's administrators when the company's maintenance mail flag is on. Driven by applied
 * positions (km and hours) and by the owner's timer (days); never on the ingest's ACK path.
 */
export class MaintenanceChecker {
  /** `type:id` of items with an open km or hour revision, per company; null: load on next use. */
  private watched: Set<string> | null = null;

  constructor(private readonly ctx: MaintenanceContext) {}

  /** Revisions changed: the next positions look them up again. */
  invalidate(): void {
    this.watched = null;
  }

  /** The item's odometer (km) and hour meter (h) from live state, or null when it has none yet. */
  reading(itemType: number, itemId: number): { km: number | null; hours: number | null } {
    const state = this.ctx.live.state(itemType, itemId);
    if (!state) return { km: null, hours: null };
    return { km: state.odometer / 1000, hours: state.hours / 3600 };
  }

  private async watchedItems(): Promise<Set<string>> {
    if (!this.watched) {
      const rows = await this.ctx.db.query<{ item_type: number; item_id: number }>(
        `select distinct item_type, item_id from maintenance_revisions
         where state < 2 and (due_km is not null or due_hours is not null)`,
      );
      this.watched = new Set(rows.map((r) => `${r.item_type}:${r.item_id}`));
    }
    return this.watched;
  }

  /** Applied positions of items with km or hour revisions: check those revisions now. */
  async onApplied(applied: readonly AppliedPosition[]): Promise<void> {
    try {
      const watched = await this.watchedItems();
      // Most companies have no km or hour revision open: a batch then costs no key per position.
      if (watched.size === 0) return;
      const touched = applied.filter((a) => watched.has(`${a.itemType}:${a.itemId}`));
      if (touched.length === 0) return;
      const keys = new Set(touched.map((a) => `${a.itemType}:${a.itemId}`));
      const companies = new Set(touched.map((a) => a.companyId));
      for (const companyId of companies) {
        const open = (await openRevisions(this.ctx.db, companyId)).filter((r) =>
          keys.has(`${r.item_type}:${r.item_id}`),
        );
        await this.evaluate(companyId, open);
      }
    } catch (err) {
      this.ctx.log.warn({ err }, "maintenance check failed");
    }
  }

  /** Every open revision of one company, or of all (the owner's timer: day plans fall due at midnight). */
  async sweep(companyId: number | null = null): Promise<void> {
    const open = await openRevisions(this.ctx.db, companyId);
    const byCompany = new Map<number, RevisionRow[]>();
    for (const r of open) byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), r]);
    for (const [id, rows] of byCompany) await this.evaluate(id, rows);
  }

  private async evaluate(companyId: number, rows: readonly RevisionRow[]): Promise<void> {
    if (rows.length === 0) return;
    const today = localDay(this.ctx.clock.now(), await companyTimeZone(this.ctx.db, companyId));
    for (const r of rows) {
      const status = revisionStatus(
        {
          dueKm: r.due_km,
          dueDate: r.due_date,
          dueHours: r.due_hours,
          warnKm: r.warn_km,
          warnDays: r.warn_days,
          warnHours: r.warn_hours,
        },
        { ...this.reading(r.item_type, r.item_id), today },
      );
      const stage: Stage = status.overdue ? 2 : status.state === REVISION_STATE.pending ? 1 : 0;
      const notify = stage > r.notified;
      if (status.state === r.state && status.overdue === r.overdue && !notify) continue;
      // The update is conditional on the row as read, so two nodes never notify the same stage twice.
      const updated = await this.ctx.db.query(
        `update maintenance_revisions set state = $2, overdue = $3, notified = greatest(notified, $4), updated_ts = $5
         where id = $1 and state < 2 and notified = $6 returning id`,
        [r.id, status.state, status.overdue, stage, this.ctx.clock.now(), r.notified],
      );
      if (updated.length > 0 && notify) await this.notify(r, stage);
    }
  }

  private async notify(r: RevisionRow, stage: Stage): Promise<void> {
    const { db } = this.ctx;
    const reading = this.reading(r.item_type, r.item_id);
    await this.ctx.alarms.raiseFor({
      companyId: r.company_id,
      family: EVENT_FAMILY.maintenance,
      itemType: r.item_type,
      itemId: r.item_id,
      groupId: r.group_id,
      event: "maintenanceDue",
      params: {
        revisionId: r.id,
        overdue: stage === 2 ? 1 : 0,
        ...(reading.km !== null ? { km: Math.round(reading.km) } : {}),
      },
    });
    const company = await db.query<{ mail: Record<string, unknown> | null }>(
      "select conf->'notifications'->'mail' as mail from companies where id = $1",
      [r.company_id],
    );
    if (!mailFlagAllows(company[0]?.mail ?? undefined, EVENT_FAMILY.maintenance)) return;
    const admins = await db.query<{ email: string; language: string }>(
      "select email, language from users where company_id = $1 and role = 'ADMIN' and not read_only order by id",
      [r.company_id],
    );
    // Like every mail of a company: the subject and the signature name its brand.
    const brand = await this.ctx.links.brandNameForCompany(r.company_id);
    for (const admin of admins) {
      const mail = revisionMail(
        {
          task: r.task,
          itemName: r.item_name,
          overdue: stage === 2,
          dueKm: r.due_km,
          dueDate: r.due_date,
          dueHours: r.due_hours,
          currentKm: reading.km,
        },
        admin.language,
      );
      await this.ctx.mailer.send({
        to: admin.email,
        subject: `${brand}: ${mail.subject}`,
        text: `${mail.text}\n\n— ${brand}`,
      });
    }
  }
}

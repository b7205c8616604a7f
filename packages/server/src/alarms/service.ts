import {
  type AlarmLog,
  BEACON_ZONE_FAMILIES,
  ITEM_TYPE,
  notifiesNotice,
  type ServerMessage,
} from "@vigia/domain";
import type { ReverseGeocoder } from "../geocoding/index.ts";
import { type BeaconCache, beaconZoneName } from "../indoor/index.ts";
import type { ItineraryPlanCache } from "../itineraries/index.ts";
import { type CompanyChanges, localChanges } from "../kernel/company-changes.ts";
import type { KernelContext } from "../kernel/context.ts";
import type { EgressGuard } from "../kernel/egress.ts";
import type { Mailer } from "../kernel/mail/mailer.ts";
import type { AppliedPosition, LiveState } from "../live/index.ts";
import type { ZoneCache } from "../places/index.ts";
import { BufferedAlarms } from "./buffered-alarms.ts";
import { isBuffered } from "./engine/buffered.ts";
import { AlarmEngine, type CompanySnapshot, type EngineOutput, type Fire, posOf } from "./engine/engine.ts";
import { compileRule } from "./engine/rules.ts";
import { episodeOf, updateEpisodeNotice } from "./episode-notices.ts";
import { describeEventParams } from "./event-params.ts";
import { readItineraryDays, writeItineraryDays } from "./itinerary-days.ts";
import { Notifier } from "./notifier.ts";
import { itemName, type LogRow, listRules, logOf } from "./store.ts";
import { formatDuration } from "./texts.ts";

/** The services the alarm engine's shell reads from and writes to, wired in `src/app/`. */
export type AlarmsContext = KernelContext & {
  live: LiveState;
  /** The company's beacon zones, cached and dropped cluster-wide when one changes. */
  beacons: BeaconCache;
  mailer: Mailer;
  egress: EgressGuard;
  /** Names the notice's place in its mails. */
  geocoder: ReverseGeocoder;
  /** The company's places, cached and dropped cluster-wide when one changes. */
  zones: ZoneCache;
  /** The company's itineraries as the engine follows them; dropped with the company's rules. */
  itineraryPlans: ItineraryPlanCache;
  /** Rule changes made here are announced to the other nodes of a cluster, which reload theirs. */
  ruleChanges?: CompanyChanges;
};

/** How often the scheduler looks at timers, retries deliveries and snapshots the engine. */
export const TICK_MS = 30_000;

/**
 * The engine's I/O shell: loads rules, zones and persisted engine state per company, feeds applied positions
 * and ticks to the pure engine, and turns what fires into notices, live messages, actions and notifications.
 */
export class AlarmService {
  readonly engine = new AlarmEngine();
  readonly notifier: Notifier;
  /** Buffered data's own evaluation (never the live engine's state). */
  private readonly buffered: BufferedAlarms;
  private readonly loaded = new Map<number, Promise<void>>();
  private readonly inflight = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly ruleChanges: CompanyChanges;

  constructor(private readonly ctx: AlarmsContext) {
    this.notifier = new Notifier(ctx);
    this.buffered = new BufferedAlarms(ctx.db);
    this.ruleChanges = ctx.ruleChanges ?? localChanges;
    this.ruleChanges.follow((companyId) => this.reload(companyId));
  }

  start(): void {
    this.ctx.live.onApplied((applied) => this.onApplied(applied));
    this.timer = setInterval(
      () => void this.tick().catch((err: unknown) => this.ctx.log.warn({ err }, "alarm tick failed")),
      TICK_MS,
    );
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.idle();
    await this.persistSnapshots();
  }

  /** Resolves once notifications started so far are done (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  /** Rules of the company changed: reload them before the next evaluation, here and on every other node. */
  invalidate(companyId: number): void {
    this.reload(companyId);
    this.ruleChanges.announce(companyId);
  }

  /** Drops this node's copy of the company's rules and itinerary plans; the next evaluation loads them again. */
  reload(companyId: number): void {
    this.loaded.delete(companyId);
    this.buffered.forget(companyId);
    this.ctx.itineraryPlans.forget(companyId);
  }

  private ensureLoaded(companyId: number): Promise<void> {
    let p = this.loaded.get(companyId);
    if (!p) {
      p = this.load(companyId);
      this.loaded.set(companyId, p);
      p.catch(() => this.loaded.delete(companyId));
    }
    return p;
  }

  private readonly restored = new Set<number>();
  /** Which items of each company have a virtual lock in the engine, so a reload replaces them all. */
  private readonly companyLocks = new Map<number, Set<string>>();

  /** Arms (or, with null, disarms) an item's virtual lock in the engine; the caller has stored it. */
  setVirtualLock(
    companyId: number,
    itemType: number,
    itemId: number,
    lock: { lat: number; lng: number; radiusM: number } | null,
  ): void {
    const key = `${itemType}:${itemId}`;
    const keys = this.companyLocks.get(companyId) ?? new Set<string>();
    this.companyLocks.set(companyId, keys);
    if (lock) {
      this.engine.locks.set(key, lock);
      keys.add(key);
    } else {
      this.engine.locks.delete(key);
      keys.delete(key);
    }
    // Other nodes of a cluster read the table again.
    this.ruleChanges.announce(companyId);
  }

  private async loadLocks(companyId: number): Promise<void> {
    for (const key of this.companyLocks.get(companyId) ?? []) this.engine.locks.delete(key);
    const rows = await this.ctx.db.query<{
      item_type: number;
      item_id: number;
      lat: number;
      lng: number;
      radius_m: number;
    }>("select item_type, item_id, lat, lng, radius_m from virtual_locks where company_id = $1", [companyId]);
    const keys = new Set<string>();
    for (const r of rows) {
      const key = `${r.item_type}:${r.item_id}`;
      this.engine.locks.set(key, { lat: r.lat, lng: r.lng, radiusM: r.radius_m });
      keys.add(key);
    }
    this.companyLocks.set(companyId, keys);
  }

  /** Locks armed until a time: disarmed when it comes (the scheduler's pass). */
  private async disarmDue(now: number): Promise<void> {
    const due = await this.ctx.db.query<{ company_id: number; item_type: number; item_id: number }>(
      "delete from virtual_locks where until_ts is not null and until_ts <= $1 returning company_id, item_type, item_id",
      [now],
    );
    for (const d of due) {
      const key = `${d.item_type}:${d.item_id}`;
      this.engine.locks.delete(key);
      this.companyLocks.get(d.company_id)?.delete(key);
    }
  }

  private async load(companyId: number): Promise<void> {
    const { db } = this.ctx;
    const [rules, groups, tanks, episodes] = await Promise.all([
      listRules(db, companyId),
      db.query<{ id: number; parent_id: number | null }>(
        "select id, parent_id from groups where company_id = $1",
        [companyId],
      ),
      db.query<{ id: number; fuel_tank: number | null }>(
        "select id, fuel_tank from vehicles where company_id = $1 and fuel_tank > 0",
        [companyId],
      ),
      db.query<{ rule_id: number; item_type: number; item_id: number; episode: number }>(
        `select e.rule_id, e.item_type, e.item_id, e.episode from alarm_episodes e
         join alarm_rules r on r.id = e.rule_id where r.company_id = $1`,
        [companyId],
      ),
    ]);
    const children = new Map<number, number[]>();
    for (const g of groups)
      if (g.parent_id !== null) children.set(g.parent_id, [...(children.get(g.parent_id) ?? []), g.id]);
    const subgroups = (id: number): number[] => {
      const out = [id];
      for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]!) ?? []));
      return out;
    };
    const compiled = rules.flatMap((r) => compileRule(companyId, r, subgroups) ?? []);
    this.engine.setRules(companyId, compiled);
    await this.loadLocks(companyId);
    for (const t of tanks) this.engine.tanks.set(t.id, Number(t.fuel_tank));
    for (const e of episodes)
      this.engine.episodes.set(`${e.rule_id}:${e.item_type}:${e.item_id}`, Number(e.episode));
    // Every load, not only the first: after a fail-over the stored days are the other node's, further on.
    this.engine.restoreItineraryDays(companyId, await readItineraryDays(db, companyId));
    if (!this.restored.has(companyId)) {
      this.restored.add(companyId);
      const snap = await db.query<{ state: CompanySnapshot }>(
        "select state from alarm_engine_state where company_id = $1",
        [companyId],
      );
      if (snap[0]) this.engine.restore(companyId, snap[0].state);
    }
  }

  private async refreshZones(companyId: number): Promise<void> {
    const zones = await this.ctx.zones.get(companyId);
    this.engine.setZones(companyId, zones);
    // Only for companies with a rule of families 33/34; the cache is dropped on every node when a zone changes.
    const beaconZones = this.engine.hasFamily(companyId, BEACON_ZONE_FAMILIES)
      ? await this.ctx.beacons.zones(companyId)
      : null;
    this.engine.setBeaconZones(companyId, beaconZones);
    this.engine.itineraries.set(companyId, await this.ctx.itineraryPlans.get(companyId));
  }

  async onApplied(applied: AppliedPosition[]): Promise<void> {
    const now = this.ctx.clock.now();
    const byCompany = new Map<number, AppliedPosition[]>();
    for (const a of applied) {
      const list = byCompany.get(a.companyId);
      if (list) list.push(a);
      else byCompany.set(a.companyId, [a]);
    }
    for (const [companyId, list] of byCompany) {
      await this.ensureLoaded(companyId);
      await this.refreshZones(companyId);
      const out: EngineOutput = { fires: [], cleared: [] };
      for (const a of list) {
        // Live state did not move for a late position: the buffered evaluation below judges it, not the live one.
        if (a.late) continue;
        const r = this.engine.onPosition(
          {
            companyId,
            itemType: a.itemType,
            itemId: a.itemId,
            groupId: a.binding.groupId,
            state: a.after,
            before: a.before,
            position: a.position,
          },
          now,
        );
        out.fires.push(...r.fires);
        out.cleared.push(...r.cleared);
        if (r.updates) out.updates = [...(out.updates ?? []), ...r.updates];
      }
      // Stored before the notices are raised: a crash in between loses this batch's notices, as a crash after
      // the ACK loses any family's, but never raises an itinerary deviation twice.
      await writeItineraryDays(this.ctx.db, companyId, this.engine.itineraryDaysChanged(companyId));
      await this.handle(out);
      const buffered = list.filter((a) => isBuffered(a.position.ts, a.late, now));
      if (buffered.length > 0)
        await this.handleBuffered(
          await this.buffered.evaluate(companyId, this.engine.setupOf(companyId), buffered),
        );
    }
  }

  /**
   * Notices of buffered data: recorded marked late, notified only as the policy says (`notifiesNotice`); never
   * an action on live state, never a live episode marker.
   */
  private async handleBuffered(out: EngineOutput): Promise<void> {
    for (const fire of out.fires) {
      try {
        await this.raise({ ...fire, episode: null }, true);
      } catch (err) {
        this.ctx.log.error({ err, ruleId: fire.rule.id }, "alarm notice failed");
      }
    }
    await this.handle({ fires: [], cleared: [], ...(out.updates ? { updates: out.updates } : {}) });
  }

  /**
   * Cluster processors: whether this node owns the item (holds its device's partition). Timers are evaluated only
   * by the owner, so two processors never both raise a timer alarm; null (one process): every item.
   */
  ownsItem: ((itemType: number, itemId: number) => boolean) | null = null;

  /**
   * This node took items over from another processor: reload the rules and episodes the other node may have
   * changed, and start each item's zone memory from where its live state says it is.
   */
  async adopt(items: { companyId: number; itemType: number; itemId: number }[]): Promise<void> {
    const companies = new Set(items.map((i) => i.companyId));
    for (const companyId of companies) {
      this.reload(companyId);
      await this.ensureLoaded(companyId);
      await this.refreshZones(companyId);
    }
    for (const { companyId, itemType, itemId } of items) {
      const pos = this.ctx.live.state(itemType, itemId)?.pos ?? null;
      this.engine.adopt(companyId, `${itemType}:${itemId}`, pos);
    }
  }

  /**
   * Something outside the position stream happened to an item (a maintenance revision fell due): every
   * active rule of the family that covers the item raises its notice, publishes it and notifies, exactly as
   * a fire of the engine would. Returns how many notices were raised.
   */
  async raiseFor(event: {
    companyId: number;
    family: number;
    itemType: 1 | 2 | 3;
    itemId: number;
    groupId: number | null;
    event: string;
    params: Record<string, number>;
  }): Promise<number> {
    await this.ensureLoaded(event.companyId);
    const rules = this.engine
      .rulesFor(event.companyId, event.itemType, event.itemId, event.groupId)
      .filter((rule) => rule.family === event.family);
    const ts = this.ctx.clock.now();
    const state = this.ctx.live.state(event.itemType, event.itemId);
    await this.handle({
      fires: rules.map((rule) => ({
        rule,
        companyId: event.companyId,
        itemType: event.itemType,
        itemId: event.itemId,
        groupId: event.groupId,
        ts,
        event: event.event,
        params: event.params,
        pos: state ? posOf(state) : null,
        episode: null,
      })),
      cleared: [],
    });
    return rules.length;
  }

  /** One scheduler pass; tests call it directly after advancing the manual clock. */
  async tick(): Promise<void> {
    const now = this.ctx.clock.now();
    await this.disarmDue(now);
    const companies = await this.ctx.db.query<{ company_id: number }>(
      "select distinct company_id from alarm_rules where active",
    );
    for (const { company_id: companyId } of companies) {
      await this.ensureLoaded(companyId);
      const items = this.ctx.live
        .companyItems(companyId)
        .filter((s) => s.itemType !== ITEM_TYPE.unknown && (this.ownsItem?.(s.itemType, s.id) ?? true))
        .map((state) => ({
          companyId,
          itemType: state.itemType as 1 | 2 | 3,
          itemId: state.id,
          groupId: state.groupId,
          state,
        }));
      await this.handle(this.engine.tick(companyId, items, now));
    }
    await this.notifier.retryDue();
    await this.persistSnapshots();
  }

  private async persistSnapshots(): Promise<void> {
    for (const companyId of this.engine.companyIds()) {
      const snap = this.engine.snapshot(companyId);
      if (!snap) continue;
      await this.ctx.db.query(
        `insert into alarm_engine_state (company_id, state, updated_ts) values ($1, $2, $3)
         on conflict (company_id) do update set state = excluded.state, updated_ts = excluded.updated_ts`,
        [companyId, { ...snap }, this.ctx.clock.now()],
      );
    }
  }

  private async handle(out: EngineOutput): Promise<void> {
    if (out.cleared.length > 0) {
      for (const key of out.cleared) {
        const [ruleId = 0, itemType = 0, itemId = 0] = key.split(":").map(Number);
        await this.ctx.db.query(
          "delete from alarm_episodes where rule_id = $1 and item_type = $2 and item_id = $3",
          [ruleId, itemType, itemId],
        );
      }
    }
    for (const fire of out.fires) {
      try {
        await this.raise(fire);
      } catch (err) {
        this.ctx.log.error({ err, ruleId: fire.rule.id }, "alarm notice failed");
      }
    }
    for (const update of out.updates ?? []) {
      try {
        const row = await updateEpisodeNotice(this.ctx.db, update);
        if (row) this.publish(row.company_id, logOf(row), { type: "alarmlog", data: { ...logOf(row) } });
      } catch (err) {
        this.ctx.log.error({ err, ruleId: update.ruleId }, "alarm notice update failed");
      }
    }
  }

  private async describe(fire: Fire): Promise<string> {
    const p = fire.params;
    if (p.zoneId !== undefined) {
      const zones = await this.ctx.zones.get(fire.companyId);
      return zones.meta.get(p.zoneId)?.name ?? `#${p.zoneId}`;
    }
    if (p.beaconZoneId !== undefined)
      return (await beaconZoneName(this.ctx.db, fire.companyId, p.beaconZoneId)) ?? `#${p.beaconZoneId}`;
    if (p.durationMs !== undefined) return formatDuration(p.durationMs);
    if (p.average !== undefined) return `${p.average} L/100km`;
    if (p.stateId !== undefined) return String(p.stateId);
    return describeEventParams(p) ?? "";
  }

  /** Stores the notice, then publishes it, applies the rule's action and notifies (in the background). */
  private async raise(fire: Fire, late = false): Promise<void> {
    const { db, clock } = this.ctx;
    const now = clock.now();
    const r = fire.rule.rule;
    const [name, text, users, company, cra] = await Promise.all([
      itemName(db, fire.itemType, fire.itemId),
      this.describe(fire),
      db.query<{ email: string }>("select email from users where company_id = $1 and id = any($2::int[])", [
        fire.companyId,
        r.notification.userIds,
      ]),
      db.query<{ cra_code: string }>("select cra_code from companies where id = $1", [fire.companyId]),
      r.notification.cra && r.notification.craId !== null
        ? db.query<{ url: string }>(
            `select x.url from cras x join companies c on c.reseller_id = x.reseller_id where x.id = $1 and c.id = $2`,
            [r.notification.craId, fire.companyId],
          )
        : Promise.resolve([]),
    ]);
    const recipients = [
      ...users.map((u) => u.email),
      ...r.notification.extUsers.map((u) => u.email.trim()),
    ].filter((e) => e !== "");
    const info: AlarmLog["info"] = {
      name: r.info.name,
      priority: r.info.priority ?? 1,
      family: fire.rule.family,
      description: r.info.description,
      notification: { ...r.notification, recipients },
      alarmId: fire.rule.id,
      craCode: r.info.craCode || company[0]?.cra_code || "",
      craId: r.notification.craId,
    };
    const open = { value: 0 as const, ts: now, by: "", text: "" };
    const row = await db.transaction(async (tx) => {
      const rows = await tx.query<LogRow>(
        `insert into alarm_logs (company_id, rule_id, item_type, item_id, group_id, item_name, ts, reception_ts, info, data, state, late)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         on conflict (rule_id, item_type, item_id, ts) where rule_id is not null do nothing
         returning id, company_id, item_type, item_id, group_id, item_name, ts, reception_ts, info, data, state, late`,
        [
          fire.companyId,
          fire.rule.id,
          fire.itemType,
          fire.itemId,
          fire.groupId,
          name,
          fire.ts,
          now,
          info,
          {
            event: fire.event,
            text,
            pos: fire.pos,
            params: fire.params,
            ...(fire.span ? { episode: episodeOf(fire) } : {}),
          },
          { current: open, historic: [open] },
          late,
        ],
      );
      // Fired already for this position (a frame delivered again after a processor died): nothing more to do.
      if (!rows[0]) return null;
      if (fire.episode) {
        await tx.query(
          `insert into alarm_episodes (rule_id, item_type, item_id, episode) values ($1, $2, $3, $4)
           on conflict (rule_id, item_type, item_id) do update set episode = excluded.episode`,
          [fire.rule.id, fire.itemType, fire.itemId, fire.episode.value],
        );
      }
      return rows[0];
    });
    if (!row) return;
    const log = logOf(row);
    // Published either way, so the notice window lists it; a client toasts it only when it is notified.
    this.publish(fire.companyId, log, { type: "alarmlog", data: { ...log } });
    if (notifiesNotice(log)) this.track(this.notifier.dispatch(log, cra[0]?.url ?? null));
    // Buffered data never changes live state.
    if (!late) await this.applyAction(fire);
  }

  private track(work: Promise<unknown>): void {
    const p = work.catch((err: unknown) => this.ctx.log.warn({ err }, "alarm notification failed"));
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }

  /** Sends a notice message to every bound client allowed to see the item, whatever map groups it shows. */
  publish(
    companyId: number,
    log: Pick<AlarmLog, "itemType" | "itemId">,
    message: ServerMessage,
    groupId?: number | null,
  ): void {
    this.ctx.live.publish(companyId, [
      {
        itemType: log.itemType,
        itemId: log.itemId,
        groupId: groupId === undefined ? this.groupOf(log) : groupId,
        message,
        everyGroup: true,
      },
    ]);
  }

  private groupOf(log: Pick<AlarmLog, "itemType" | "itemId">): number | null {
    return this.ctx.live.state(log.itemType, log.itemId)?.groupId ?? null;
  }

  /** The rule's action: put the item into the chosen custom state (the same path as the state route). */
  private async applyAction(fire: Fire): Promise<void> {
    const stateId = fire.rule.rule.action.customStateId;
    if (stateId === null || stateId === undefined) return;
    await this.ctx.live.setCustomState(
      fire.companyId,
      { itemType: fire.itemType, itemId: fire.itemId, groupId: fire.groupId },
      stateId,
    );
  }
}

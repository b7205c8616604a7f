import type { Queryable } from "../kernel/db/database.ts";
import type { Fire, NoticeUpdate } from "./engine/engine.ts";
import { describeEventParams } from "./event-params.ts";
import type { LogRow } from "./store.ts";

/**
 * Brings an episode's notice up to date (its peak speed, its end) in place, so an episode that lasts shows as one
 * notice that grows rather than many. Never notifies: mails and pushes went out when the notice was raised.
 * The notice is found by its rule, item and time, which are unique per notice.
 */
export async function updateEpisodeNotice(db: Queryable, u: NoticeUpdate): Promise<LogRow | null> {
  const key = [u.ruleId, u.itemType, u.itemId, u.noticeTs];
  const found = await db.query<{ params: Record<string, number> | null }>(
    `select data->'params' as params from alarm_logs
     where rule_id = $1 and item_type = $2 and item_id = $3 and ts = $4`,
    key,
  );
  if (!found[0]) return null;
  // A zone's limit is known only at positions: an update from the scheduler keeps the one the notice has.
  const params = { ...(found[0].params ?? {}), ...u.params };
  const text = params.speed === undefined ? null : describeEventParams(params);
  const rows = await db.query<LogRow>(
    `update alarm_logs set data = data || jsonb_build_object('episode', $5::jsonb, 'params', $6::jsonb)
       || case when $7::text is null then '{}'::jsonb else jsonb_build_object('text', $7::text) end
     where rule_id = $1 and item_type = $2 and item_id = $3 and ts = $4
     returning id, company_id, item_type, item_id, group_id, item_name, ts, reception_ts, info, data, state, late`,
    [...key, JSON.stringify(u.episode), JSON.stringify(params), text],
  );
  return rows[0] ?? null;
}

/** What a notice of an episode family shows of its episode. */
export const episodeOf = (fire: Fire) => ({
  start: fire.span?.start ?? fire.ts,
  end: fire.span?.end ?? null,
  ...(fire.params.speed === undefined ? {} : { maxSpeed: fire.params.speed }),
});

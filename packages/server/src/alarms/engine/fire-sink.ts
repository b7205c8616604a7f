import type { AlarmLogPos, LiveItemState } from "@vigia/domain";
import type { EpisodeMarkers } from "./episode-markers.ts";
import { type ItemRules, markerOf, type RuleSlot } from "./item-rules.ts";
import { passesFilters } from "./rules.ts";
import { type CompanyState, type ItemView, viewOf } from "./tracking.ts";
import type { EngineOutput, Fire, ItemInput, PositionInput } from "./types.ts";

/**
 * Where the engine's fires go during one evaluation (a position, or one item of a scheduler tick). One sink lives
 * as long as the engine and is pointed at each evaluation in turn, so the hot path allocates no closures. Most
 * evaluations fire nothing: the filter view and the logged position are built on the first fire only. The engine
 * visits an item's rules family by family; the sink gives the fires back in the item's rule order.
 */
export class FireSink {
  private out: EngineOutput = { fires: [], cleared: [] };
  private c: CompanyState | null = null;
  private plan: ItemRules | null = null;
  private item: ItemInput | null = null;
  private ts = 0;
  /** The evaluated position (null in a tick: the logged position is the item's last one). */
  private position: PositionInput["position"] | null = null;
  private pos: AlarmLogPos | null | undefined = undefined;
  private view: ItemView | null = null;
  /** Where this evaluation's fires start in `out.fires`, and each one's place in the item's rule order. */
  private first = 0;
  private readonly ats: number[] = [];
  private unordered = false;

  constructor(private readonly markers: EpisodeMarkers) {}

  /** Points the sink at one evaluation: the item, its rules, the time fires carry and the position, if any. */
  begin(
    out: EngineOutput,
    c: CompanyState,
    plan: ItemRules,
    item: ItemInput,
    ts: number,
    position: PositionInput["position"] | null,
  ): void {
    this.out = out;
    this.c = c;
    this.plan = plan;
    this.item = item;
    this.ts = ts;
    this.position = position;
    this.pos = undefined;
    this.view = null;
    this.first = out.fires.length;
    this.ats.length = 0;
    this.unordered = false;
  }

  /** A fire of the slot's rule unless its filters hold it back; an episode identity is remembered at once. */
  fire(
    slot: RuleSlot,
    event: string,
    params: Record<string, number>,
    episode: number | null,
    span?: Fire["span"],
  ): void {
    const item = this.item;
    const c = this.c;
    const plan = this.plan;
    if (item === null || c === null || plan === null) return;
    if (slot.rule.filtered) {
      this.view ??= viewOf(c, plan.itemKey, item.state);
      if (!passesFilters(slot.rule, this.view, this.ts)) return;
    }
    if (this.pos === undefined) this.pos = this.position ? logPos(this.position) : posOf(item.state);
    const fire: Fire = {
      rule: slot.rule,
      companyId: item.companyId,
      itemType: item.itemType,
      itemId: item.itemId,
      groupId: item.groupId,
      ts: this.ts,
      event,
      params,
      pos: this.pos,
      episode: episode === null ? null : { key: slot.episodeKey, value: episode },
    };
    if (span) fire.span = span;
    const last = this.ats.length > 0 ? (this.ats[this.ats.length - 1] as number) : -1;
    if (slot.at < last) this.unordered = true;
    this.ats.push(slot.at);
    this.out.fires.push(fire);
    if (episode !== null) markerOf(this.markers, plan, slot).value = episode;
  }

  /** Ends the evaluation: its fires in rule order (one rule's fires keep their own order). */
  end(): void {
    if (this.unordered) {
      const fires = this.out.fires;
      const mine = fires.slice(this.first).map((fire, i) => ({ fire, at: this.ats[i] as number }));
      mine.sort((a, b) => a.at - b.at);
      mine.forEach((m, i) => {
        fires[this.first + i] = m.fire;
      });
    }
    this.item = null;
    this.c = null;
    this.plan = null;
    this.position = null;
    this.view = null;
  }
}

const logPos = (
  p: Pick<PositionInput["position"], "lat" | "lng" | "spd" | "alt" | "src" | "satt">,
): AlarmLogPos => ({
  lat: p.lat,
  lng: p.lng,
  spd: p.spd,
  alt: p.alt,
  src: p.src,
  satt: p.satt,
});

export function posOf(state: LiveItemState): AlarmLogPos | null {
  const p = state.pos;
  return p ? logPos(p) : null;
}

import { formatNumber, REVISION_STATE, type Revision } from "@vigia/domain";

/** How a revision reads on screen: planned, pending (due soon), overdue or done. */
export const STATE_FILTERS = ["all", "planned", "pending", "overdue", "done"] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

export function stateOf(r: Revision): Exclude<StateFilter, "all"> {
  if (r.state === REVISION_STATE.done) return "done";
  if (r.overdue) return "overdue";
  return r.state === REVISION_STATE.pending ? "pending" : "planned";
}

export const STATE_COLOR = { planned: "gray", pending: "orange", overdue: "red", done: "teal" } as const;

/** Where it falls due: km, day and engine hours, whichever the plan has, numbers in the user's language. */
export function dueText(r: Revision, lang: string): string {
  return [
    r.dueKm !== null ? `${formatNumber(r.dueKm, lang)} km` : null,
    r.dueDate,
    r.dueHours !== null ? `${formatNumber(r.dueHours, lang)} h` : null,
  ]
    .filter((x) => x !== null)
    .join(" · ");
}

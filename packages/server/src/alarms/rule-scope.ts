import type { AlarmRule } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { reachability } from "../kernel/tenancy/references.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { ruleReferences } from "./rule-references.ts";

/**
 * The rules a caller may read. A group-scoped user (an operator of one depot) sees a rule only when everything it
 * watches is inside their groups: a rule that also covers another group's vehicles would tell them about those.
 * Its outside recipients (addresses and phones of people who are not users) are shown to nobody below the whole
 * company's view. The whole company's callers see every rule as stored.
 */
export async function rulesInScope(
  db: Queryable,
  scope: CompanyScope,
  rules: AlarmRule[],
): Promise<AlarmRule[]> {
  if (scope.groupIds === null) return rules;
  const watched = rules.map((rule) => ruleReferences(rule).filter((ref) => ref.field.startsWith("items.")));
  const reachable = await reachability(db, scope, watched.flat());
  return rules
    .filter((_rule, i) => (watched[i] ?? []).every((ref) => ref.ids.every((id) => reachable(ref.kind, id))))
    .map((rule) => ({ ...rule, notification: { ...rule.notification, extUsers: [] } }));
}

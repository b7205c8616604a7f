import type { DpaInfo } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { notFound } from "../kernel/errors.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";

const NO_RESTRICTION = { timeRange: null, ip: null };

/**
 * The company's data-protection limits as they apply to the caller: how long data is
 * kept, which groups and how many of each item type the caller sees, which of those persons a work timetable
 * limits, and the sign-in restrictions. Read-only, in the caller's group scope.
 */
export async function dpaInfo(db: Queryable, scope: CompanyScope): Promise<DpaInfo> {
  const companies = await db.query<{
    retention_days: number;
    password_expiration_days: number | null;
    restrictions: DpaInfo["restrictions"]["company"] | null;
  }>("select retention_days, password_expiration_days, restrictions from companies where id = $1", [
    scope.companyId,
  ]);
  const company = companies[0];
  if (!company) throw notFound();
  const visible = (column: string) => (scope.groupIds === null ? "true" : `${column} = any($2::int[])`);
  const params = scope.groupIds === null ? [scope.companyId] : [scope.companyId, scope.groupIds];
  const counts = await db.query<{ kind: string; visible: number; total: number }>(
    ["vehicles", "assets", "persons", "drivers"]
      .map(
        (table) =>
          `select '${table}' as kind, count(*) filter (where ${visible("group_id")})::int as visible,
             count(*)::int as total from ${table} where company_id = $1`,
      )
      .join(" union all "),
    params,
  );
  const count = (kind: string) => {
    const row = counts.find((c) => c.kind === kind);
    return { visible: row?.visible ?? 0, total: row?.total ?? 0 };
  };
  const groups =
    scope.groupIds === null
      ? null
      : await db.query<{ id: number; name: string }>(
          "select id, name from groups where company_id = $1 and id = any($2::int[]) order by name, id",
          [scope.companyId, scope.groupIds],
        );
  // The persons the caller sees, each with the timetables that limit when it is tracked.
  const persons = await db.query<{ id: number; name: string }>(
    `select id, name from persons where company_id = $1 and ${visible("group_id")} order by name, id`,
    params,
  );
  const timetables = await db.query<{ id: number; name: string; timezone: string; persons: number[] }>(
    "select id, name, timezone, persons from worktimes where company_id = $1 and cardinality(persons) > 0 order by name, id",
    [scope.companyId],
  );
  const nameOf = new Map(persons.map((p) => [p.id, p.name]));
  const limited = new Set<number>();
  const personTimetables = timetables.flatMap((w) => {
    const names = w.persons.flatMap((id) => {
      const name = nameOf.get(id);
      if (name === undefined) return [];
      limited.add(id);
      return [name];
    });
    return names.length > 0 ? [{ id: w.id, name: w.name, timezone: w.timezone, persons: names }] : [];
  });
  return {
    retentionDays: company.retention_days,
    role: scope.principal.role,
    readOnly: scope.principal.readOnly,
    groups,
    items: {
      vehicles: count("vehicles"),
      assets: count("assets"),
      persons: count("persons"),
      drivers: count("drivers"),
    },
    personTimetables,
    personsAlwaysTracked: persons.length - limited.size,
    restrictions: {
      company: company.restrictions ?? NO_RESTRICTION,
      user: scope.principal.restrictions ?? NO_RESTRICTION,
    },
    passwordExpirationDays: company.password_expiration_days,
  };
}

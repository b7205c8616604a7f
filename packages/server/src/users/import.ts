import {
  API_ERROR,
  type CsvRowError,
  type UserRow as CsvUserRow,
  duplicateLines,
  groupNameIndex,
  type ImportResult,
  type Role,
  validateUserRow,
} from "@vigia/domain";
import type { MailingContext } from "../auth/index.ts";
import { sendPasswordLink } from "../auth/index.ts";
import { COMPANY_ROLES, COUNTRIES, timezones } from "../companies/index.ts";
import { parseCsv } from "../imports/index.ts";
import { recordAudit } from "../kernel/audit.ts";
import { endUserSessions } from "../kernel/auth/tokens.ts";
import type { SessionEvents } from "../kernel/session-events.ts";
import type { CompanyScope } from "../kernel/tenancy/scope.ts";
import { type AccessFields, accessChanged } from "./access-change.ts";

/**
 * POST companies/id/{cid}/users/import: every row is validated against the company's groups and the lists;
 * without commit nothing is written and the answer lists every failing line. With commit the valid rows go in
 * one transaction: new e-mails are inserted, e-mails of this company's users are updated, e-mails used by
 * anyone else are not inserted and answered `email.unavailable`.
 *
 * The dry run looks only at this company's users: an address held in another tenant reads as new there, exactly
 * like a free one, so previewing a file tells nothing about other tenants. Only the commit, which writes and is
 * audited, finds the conflict.
 */
export async function importUsers(
  ctx: MailingContext & { sessions: SessionEvents },
  scope: CompanyScope,
  csv: string,
  commit: boolean,
): Promise<ImportResult> {
  const { rows, errors } = parseCsv("users", csv);
  const groups = await ctx.db.query<{ id: number; name: string }>(
    "select id, name from groups where company_id = $1 order by id",
    [scope.companyId],
  );
  const context = {
    roles: COMPANY_ROLES as readonly Role[],
    countries: COUNTRIES,
    timezones: new Set(Object.keys(timezones())),
    groupsByName: groupNameIndex(groups),
  };
  const rowErrors: CsvRowError[] = [...errors];
  const valid: { line: number; value: CsvUserRow }[] = [];
  for (const row of rows) {
    const result = validateUserRow(row.cells, context);
    if (result.ok) valid.push({ line: row.line, value: result.value });
    else rowErrors.push({ line: row.line, errors: result.errors });
  }
  const dups = duplicateLines(valid, (v) => v.email);
  const existing = await ctx.db.query<AccessFields & { id: number; email: string }>(
    `select id, lower(email) as email, company_id, reseller_id, role, read_only, restrictions from users
     where lower(email) = any($1::text[]) and ($2 or company_id = $3)`,
    [valid.map((v) => v.value.email), commit, scope.companyId],
  );
  const byEmail = new Map(existing.map((e) => [e.email, e]));
  const toInsert: CsvUserRow[] = [];
  const toUpdate: { id: number; value: CsvUserRow; before: AccessFields }[] = [];
  for (const row of valid) {
    const other = byEmail.get(row.value.email);
    if (dups.has(row.line)) rowErrors.push({ line: row.line, errors: ["duplicateInFile"] });
    else if (other && other.company_id !== scope.companyId)
      rowErrors.push({ line: row.line, errors: [API_ERROR.emailUnavailable] });
    else if (other) toUpdate.push({ id: other.id, value: row.value, before: other });
    else toInsert.push(row.value);
  }
  rowErrors.sort((a, b) => a.line - b.line);
  const keyOf = new Map(rows.map((r) => [r.line, r.cells[0] ?? ""]));
  const result: ImportResult = {
    committed: false,
    total: rows.length + errors.length,
    valid: toInsert.length + toUpdate.length,
    errors: rowErrors,
    inserted: [],
    updated: [],
    notInserted: rowErrors.map((e) => ({ line: e.line, key: keyOf.get(e.line) ?? "", errors: e.errors })),
  };
  if (!commit) return result;

  const now = ctx.clock.now();
  const { inserted: created, ended } = await ctx.db.transaction(async (tx) => {
    const inserted =
      toInsert.length === 0
        ? []
        : await tx.query<{ id: number; email: string; language: string }>(
            `insert into users (email, first_name, last_name, description, phone, role, country, language, timezone,
               group_ids, company_id, created_ts, updated_ts)
             select e, f, l, d, ph, r, c, lang, tz,
               coalesce((select array_agg(x::int) from unnest(string_to_array(nullif(g, ''), ',')) x), '{}'),
               $11, $12, $12
             from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
               $8::text[], $9::text[], $10::text[]) as t(e, f, l, d, ph, r, c, lang, tz, g)
             returning id, email, language`,
            [
              toInsert.map((u) => u.email),
              toInsert.map((u) => u.firstName),
              toInsert.map((u) => u.lastName),
              toInsert.map((u) => u.description),
              toInsert.map((u) => u.phone),
              toInsert.map((u) => u.role),
              toInsert.map((u) => u.country),
              toInsert.map((u) => u.language),
              toInsert.map((u) => u.timezone),
              toInsert.map((u) => u.groups.join(",")),
              scope.companyId,
              now,
            ],
          );
    for (const u of toUpdate) {
      await tx.query(
        `update users set first_name = $2, last_name = $3, description = $4, phone = $5, role = $6, country = $7,
           language = $8, timezone = $9, group_ids = $10, updated_ts = $11 where id = $1`,
        [
          u.id,
          u.value.firstName,
          u.value.lastName,
          u.value.description,
          u.value.phone,
          u.value.role,
          u.value.country,
          u.value.language,
          u.value.timezone,
          u.value.groups,
          now,
        ],
      );
    }
    // A row that changes an existing user's role ends the sessions opened under the old one.
    const changed = toUpdate
      .filter((u) => accessChanged(u.before, { ...u.before, role: u.value.role }))
      .map((u) => u.id);
    const ended = await endUserSessions(tx, ctx.clock, changed, scope.principal.sessionId);
    await recordAudit(
      ctx,
      scope.principal,
      {
        companyId: scope.companyId,
        action: "import",
        entity: "user",
        data: { inserted: inserted.length, updated: toUpdate.length, rejected: rowErrors.length },
      },
      tx,
    );
    return { inserted, ended };
  });
  if (ended.length > 0) ctx.sessions.emit({ kind: "sessionsEnded", sessionIds: ended });
  // Create-password links go out after the commit; they are queued in the mail outbox, so a slow mail server
  // never holds the import response.
  void (async () => {
    for (const user of created) {
      await sendPasswordLink(ctx, user, "create").catch((error: unknown) =>
        ctx.log.warn({ err: error, userId: user.id }, "create-password link not sent"),
      );
    }
  })();
  return {
    ...result,
    committed: true,
    inserted: created.map((u) => u.email),
    updated: toUpdate.map((u) => u.value.email),
  };
}

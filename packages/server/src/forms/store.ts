import type { Form, FormField, FormInput, FormValues, Submission, SubmissionInput } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";
import { companyQuery } from "../kernel/tenancy/scoped.ts";

/** Data access of custom forms: forms with their current version's fields, and submissions. */

interface FormRow {
  id: number;
  company_id: number;
  name: string;
  description: string;
  active: boolean;
  version: number;
  group_ids: number[];
  items: Form["items"];
  fields: FormField[];
  submissions: number;
  created_ts: number;
  updated_ts: number;
}

const formOf = (r: FormRow): Form => ({
  id: r.id,
  companyId: r.company_id,
  name: r.name,
  description: r.description,
  active: r.active,
  version: r.version,
  fields: r.fields,
  groupIds: r.group_ids,
  items: r.items,
  submissions: r.submissions,
  createdTs: Number(r.created_ts),
  updatedTs: Number(r.updated_ts),
});

const SELECT = `select f.*, v.fields,
    (select count(*)::int from form_submissions s where s.form_id = f.id) as submissions
  from forms f join form_versions v on v.form_id = f.id and v.version = f.version`;

export async function listForms(db: Queryable, companyId: number, id?: number): Promise<Form[]> {
  const rows = await db.query<FormRow>(
    `${SELECT} where f.company_id = $1 and ($2::int is null or f.id = $2) order by f.name`,
    [companyId, id ?? null],
  );
  return rows.map(formOf);
}

export async function insertForm(
  db: Queryable,
  companyId: number,
  input: FormInput,
  now: number,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into forms (company_id, name, description, active, version, group_ids, items, created_ts, updated_ts)
     values ($1, $2, $3, $4, 1, $5, $6, $7, $7) returning id`,
    [
      companyId,
      input.name,
      input.description,
      input.active,
      input.groupIds,
      JSON.stringify(input.items),
      now,
    ],
  );
  const id = rows[0]!.id;
  await db.query("insert into form_versions (form_id, version, fields, created_ts) values ($1, 1, $2, $3)", [
    id,
    JSON.stringify(input.fields),
    now,
  ]);
  return id;
}

/**
 * Saves a form. Changed fields on a version that already has submissions become a new version, so the old
 * submissions keep the fields they were entered for; otherwise the current version is edited in place.
 */
export async function updateForm(db: Queryable, form: Form, input: FormInput, now: number): Promise<void> {
  let version = form.version;
  if (JSON.stringify(form.fields) !== JSON.stringify(input.fields)) {
    const used = await db.query(
      "select 1 from form_submissions where form_id = $1 and version = $2 limit 1",
      [form.id, version],
    );
    if (used.length > 0) {
      version += 1;
      await db.query(
        "insert into form_versions (form_id, version, fields, created_ts) values ($1, $2, $3, $4)",
        [form.id, version, JSON.stringify(input.fields), now],
      );
    } else
      await db.query("update form_versions set fields = $3 where form_id = $1 and version = $2", [
        form.id,
        version,
        JSON.stringify(input.fields),
      ]);
  }
  await db.query(
    `update forms set name = $2, description = $3, active = $4, version = $5, group_ids = $6, items = $7,
       updated_ts = $8 where id = $1`,
    [
      form.id,
      input.name,
      input.description,
      input.active,
      version,
      input.groupIds,
      JSON.stringify(input.items),
      now,
    ],
  );
}

export async function versionFields(
  db: Queryable,
  formId: number,
  version: number,
): Promise<FormField[] | null> {
  const rows = await db.query<{ fields: FormField[] }>(
    "select fields from form_versions where form_id = $1 and version = $2",
    [formId, version],
  );
  return rows[0]?.fields ?? null;
}

interface SubmissionRow {
  id: number;
  form_id: number;
  form_name: string;
  version: number;
  item_type: Submission["itemType"];
  item_id: number;
  item_name: string;
  author: string;
  ts: number;
  lat: number | null;
  lng: number | null;
  source: Submission["source"];
  values: Submission["values"];
}

const submissionOf = (r: SubmissionRow): Submission => ({
  id: r.id,
  formId: r.form_id,
  formName: r.form_name,
  version: r.version,
  itemType: r.item_type,
  itemId: r.item_id,
  itemName: r.item_name,
  author: r.author,
  ts: Number(r.ts),
  lat: r.lat,
  lng: r.lng,
  source: r.source,
  values: r.values,
});

export interface SubmissionQuery {
  companyId: number;
  groupIds: number[] | null;
  formId?: number;
  id?: number;
  from?: number;
  to?: number;
  itemType?: Submission["itemType"];
  itemId?: number;
}

export async function listSubmissions(db: Queryable, q: SubmissionQuery): Promise<Submission[]> {
  const rows = await db.query<SubmissionRow>(
    `select s.id, s.form_id, f.name as form_name, s.version, s.item_type, s.item_id, s.item_name, s.author, s.ts,
       s.lat, s.lng, s.source, s."values"
     from form_submissions s join forms f on f.id = s.form_id
     where s.company_id = $1 and ($2::int[] is null or s.group_id = any($2::int[]))
       and ($3::int is null or s.form_id = $3) and ($4::int is null or s.id = $4)
       and ($5::bigint is null or s.ts >= $5) and ($6::bigint is null or s.ts <= $6)
       and ($7::text is null or s.item_type = $7) and ($8::int is null or s.item_id = $8)
     order by s.ts desc, s.id desc limit 10000`,
    [
      q.companyId,
      q.groupIds,
      q.formId ?? null,
      q.id ?? null,
      q.from ?? null,
      q.to ?? null,
      q.itemType ?? null,
      q.itemId ?? null,
    ],
  );
  return rows.map(submissionOf);
}

const ITEM_TABLE = {
  vehicle: "select group_id, coalesce(nullif(name, ''), plate) as name from vehicles",
  asset: "select group_id, name from assets",
  person: "select group_id, name from persons",
} as const;

/** The item's group and name inside the company, or null when it is not there. */
export async function itemOf(
  db: Queryable,
  companyId: number,
  itemType: Submission["itemType"],
  itemId: number,
): Promise<{ groupId: number | null; name: string } | null> {
  const rows = await db.query<{ group_id: number | null; name: string }>(
    `${ITEM_TABLE[itemType]} where id = $1 and company_id = $2`,
    [itemId, companyId],
  );
  const row = rows[0];
  return row ? { groupId: row.group_id, name: row.name } : null;
}

/** The active forms offered on an item: assigned to it, or to its group or a group above it. */
export async function formsForItem(
  db: Queryable,
  companyId: number,
  itemType: Submission["itemType"],
  itemId: number,
  groupId: number | null,
): Promise<Form[]> {
  const rows = await db.query<FormRow>(
    `with recursive above as (
       select id, parent_id from groups where id = $4 and company_id = $1
       union select g.id, g.parent_id from groups g join above a on g.id = a.parent_id where g.company_id = $1
     )
     ${SELECT} where f.company_id = $1 and f.active
       and (f.group_ids && (select coalesce(array_agg(id), '{}') from above)
         or f.items @> jsonb_build_array(jsonb_build_object('itemType', $2::text, 'itemId', $3::int)))
     order by f.name`,
    [companyId, itemType, itemId, groupId],
  );
  return rows.map(formOf);
}

/** How many of the given group ids are the company's own (each counted once). */
export async function companyGroupCount(
  db: Queryable,
  companyId: number,
  ids: readonly number[],
): Promise<number> {
  const rows = await companyQuery(db, { companyId })<{ n: number }>(
    "select count(*)::int as n from groups where company_id = $1 and id = any($2::int[])",
    [ids],
  );
  return rows[0]?.n ?? 0;
}

/** Whether the company's form existed and is now gone. */
export async function deleteForm(db: Queryable, companyId: number, id: number): Promise<boolean> {
  const rows = await companyQuery(db, { companyId })(
    "delete from forms where company_id = $1 and id = $2 returning id",
    [id],
  );
  return rows.length > 0;
}

/** The name a submission shows for its author: first and last name, or the e-mail; null for no such user. */
export async function authorName(db: Queryable, userId: number): Promise<string | null> {
  const rows = await db.query<{ name: string }>(
    "select coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) as name from users where id = $1",
    [userId],
  );
  return rows[0]?.name ?? null;
}

/**
 * Stores a submission of the company's form, with the item's name and group as they are now; its id, or null when
 * the worker app's id is already stored (a resend).
 */
export async function insertSubmission(
  db: Queryable,
  s: {
    companyId: number;
    formId: number;
    version: number;
    input: Pick<SubmissionInput, "itemType" | "itemId" | "lat" | "lng" | "source">;
    item: { name: string; groupId: number | null };
    /** The signed-in user; null for the worker app, which submits as its device's item. */
    authorId: number | null;
    author: string;
    ts: number;
    values: FormValues;
    /** The worker app's own id of the submission and the accuracy of its position; null from the web. */
    clientId?: string | null;
    accuracy?: number | null;
  },
): Promise<number | null> {
  const rows = await companyQuery(db, { companyId: s.companyId })<{ id: number }>(
    `insert into form_submissions (company_id, form_id, version, item_type, item_id, item_name, group_id,
       author_id, author, ts, lat, lng, source, "values", client_id, accuracy)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     on conflict (company_id, client_id) where client_id is not null do nothing
     returning id`,
    [
      s.formId,
      s.version,
      s.input.itemType,
      s.input.itemId,
      s.item.name,
      s.item.groupId,
      s.authorId,
      s.author,
      s.ts,
      s.input.lat,
      s.input.lng,
      s.input.source,
      JSON.stringify(s.values),
      s.clientId ?? null,
      s.accuracy ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

/**
 * The submission the worker app already stored under its own id for this item, if any: another item's phone never
 * learns of a submission that is not its own, even with the same id.
 */
export async function submissionIdByClientId(
  db: Queryable,
  companyId: number,
  item: { itemType: Submission["itemType"]; itemId: number },
  clientId: string,
): Promise<number | null> {
  const rows = await companyQuery(db, { companyId })<{ id: number }>(
    `select id from form_submissions
     where company_id = $1 and client_id = $2 and item_type = $3 and item_id = $4`,
    [clientId, item.itemType, item.itemId],
  );
  return rows[0]?.id ?? null;
}

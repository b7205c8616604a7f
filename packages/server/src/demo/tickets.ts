import type { FormField, TicketHistoryEntry } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

const HOUR = 3_600_000;

/** The fields of the demo's daily check: one of most kinds the builder offers. */
const DAILY_CHECK: FormField[] = [
  {
    key: "km",
    type: "number",
    label: "Odometer (km)",
    required: true,
    help: "",
    min: 0,
    max: 2_000_000,
    options: [],
    maxBytes: null,
    stars: null,
  },
  {
    key: "tyres",
    type: "boolean",
    label: "Tyres in good condition",
    required: false,
    help: "",
    min: null,
    max: null,
    options: [],
    maxBytes: null,
    stars: null,
  },
  {
    key: "fuel",
    type: "select",
    label: "Fuel level",
    required: true,
    help: "",
    min: null,
    max: null,
    options: ["Full", "Half", "Reserve"],
    maxBytes: null,
    stars: null,
  },
  {
    key: "checks",
    type: "items",
    label: "Checked",
    required: false,
    help: "Tick what you checked",
    min: null,
    max: null,
    options: ["Lights", "Mirrors", "First-aid kit"],
    maxBytes: null,
    stars: null,
  },
  {
    key: "clean",
    type: "rating",
    label: "Cleanliness",
    required: false,
    help: "",
    min: null,
    max: null,
    options: [],
    maxBytes: null,
    stars: 5,
  },
  {
    key: "photo",
    type: "attachment",
    label: "Photo of any damage",
    required: false,
    help: "",
    min: null,
    max: null,
    options: [],
    maxBytes: 2 * 1024 * 1024,
    stars: null,
  },
];

/**
 * A few tickets in every state (one a service request the provider answered) and a daily-check form with
 * submissions, so /tickets, /ticketsAdmin and /forms open filled on a fresh demo.
 */
export async function seedTicketsAndForms(tx: Queryable, companyId: number, now: number): Promise<void> {
  const users = await tx.query<{ id: number; email: string; name: string }>(
    "select id, email, first_name || ' ' || last_name as name from users where company_id = $1",
    [companyId],
  );
  const user = (email: string) => users.find((u) => u.email === email);
  const admin = user("admin@acme.demo");
  const operator = user("operator@acme.demo");
  if (!admin || !operator) return;
  const vehicles = await tx.query<{ id: number; group_id: number | null; name: string }>(
    "select id, group_id, coalesce(nullif(name, ''), plate) as name from vehicles where company_id = $1 order by id limit 3",
    [companyId],
  );
  const state = (ts: number, by: string, s: TicketHistoryEntry["state"], note = ""): TicketHistoryEntry => ({
    ts,
    by,
    kind: "state",
    state: s,
    assignee: null,
    note,
  });
  const assign = (ts: number, by: string, name: string): TicketHistoryEntry => ({
    ts,
    by,
    kind: "assign",
    state: null,
    assignee: name,
    note: "",
  });
  const add = async (t: {
    type: "incident" | "serviceRequest";
    title: string;
    description: string;
    priority: "low" | "medium" | "high";
    state: "open" | "inProgress" | "resolved" | "closed";
    assignee: typeof admin | null;
    vehicle: (typeof vehicles)[number] | undefined;
    history: TicketHistoryEntry[];
    created: number;
  }) => {
    const rows = await tx.query<{ id: number }>(
      `insert into tickets (company_id, type, title, description, priority, state, assignee_id, requester_id,
         requester_name, link_kind, link_id, group_id, history, created_ts, updated_ts)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
      [
        companyId,
        t.type,
        t.title,
        t.description,
        t.priority,
        t.state,
        t.assignee?.id ?? null,
        admin.id,
        admin.name,
        t.vehicle ? "vehicle" : null,
        t.vehicle?.id ?? null,
        t.vehicle?.group_id ?? null,
        JSON.stringify(t.history),
        t.created,
        t.history[0]?.ts ?? t.created,
      ],
    );
    return rows[0]!.id;
  };
  const mirror = await add({
    type: "incident",
    title: "Broken side mirror",
    description: "The left mirror was hit while parking at the depot.",
    priority: "high",
    state: "inProgress",
    assignee: operator,
    vehicle: vehicles[0],
    created: now - 30 * HOUR,
    history: [
      state(now - 20 * HOUR, operator.email, "inProgress", "Part ordered"),
      assign(now - 29 * HOUR, admin.email, operator.name),
      state(now - 30 * HOUR, admin.email, "open"),
    ],
  });
  await tx.query(
    `insert into ticket_tasks (ticket_id, text, done, done_by, done_ts, position) values
       ($1, 'Order the mirror', true, $2, $3, 1), ($1, 'Book the workshop', false, null, null, 2)`,
    [mirror, operator.email, now - 20 * HOUR],
  );
  await tx.query(
    `insert into ticket_comments (ticket_id, ts, author_id, author, text) values ($1, $2, $3, $4, $5)`,
    [mirror, now - 20 * HOUR, operator.id, operator.name, "The part arrives on Thursday."],
  );
  const request = await add({
    type: "serviceRequest",
    title: "Two more trackers for the new vans",
    description: "We are adding two vans next month and need trackers installed.",
    priority: "medium",
    state: "open",
    assignee: null,
    vehicle: undefined,
    created: now - 50 * HOUR,
    history: [state(now - 50 * HOUR, admin.email, "open")],
  });
  await tx.query(
    `insert into ticket_comments (ticket_id, ts, author, from_provider, text) values ($1, $2, 'Iberia Tracking', true, $3)`,
    [request, now - 40 * HOUR, "We can install them on the 12th. Please confirm the plates."],
  );
  await add({
    type: "incident",
    title: "Tyre pressure warning",
    description: "",
    priority: "low",
    state: "closed",
    assignee: admin,
    vehicle: vehicles[1],
    created: now - 120 * HOUR,
    history: [
      state(now - 96 * HOUR, admin.email, "closed", "Tyres inflated"),
      state(now - 100 * HOUR, admin.email, "resolved"),
      state(now - 120 * HOUR, admin.email, "open"),
    ],
  });

  const groups = await tx.query<{ id: number }>(
    "select id from groups where company_id = $1 and parent_id is null",
    [companyId],
  );
  const form = await tx.query<{ id: number }>(
    `insert into forms (company_id, name, description, group_ids, created_ts, updated_ts)
     values ($1, 'Daily vehicle check', 'Before the first trip of the day', $2, $3, $3) returning id`,
    [companyId, groups.map((g) => g.id), now - 200 * HOUR],
  );
  const formId = form[0]!.id;
  await tx.query("insert into form_versions (form_id, version, fields, created_ts) values ($1, 1, $2, $3)", [
    formId,
    JSON.stringify(DAILY_CHECK),
    now - 200 * HOUR,
  ]);
  for (const [i, v] of vehicles.entries())
    await tx.query(
      `insert into form_submissions (company_id, form_id, version, item_type, item_id, item_name, group_id, author_id,
         author, ts, lat, lng, source, "values")
       values ($1, $2, 1, 'vehicle', $3, $4, $5, $6, $7, $8, 40.4168, -3.7038, $9, $10)`,
      [
        companyId,
        formId,
        v.id,
        v.name,
        v.group_id,
        operator.id,
        operator.name,
        now - (i * 24 + 8) * HOUR,
        i === 1 ? "mobile" : "web",
        JSON.stringify({
          km: 48_210 + i * 7_315,
          tyres: i !== 2,
          fuel: ["Full", "Half", "Reserve"][i],
          checks: ["Lights", "Mirrors"],
          clean: 4 - i,
        }),
      ],
    );
}

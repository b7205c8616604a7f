import { addDays, costAmount, dueFrom } from "@vigia/domain";
import type { Queryable } from "../kernel/db/database.ts";

/**
 * A few costs and maintenance revisions for the demo company, so /costs and /maintenances open filled:
 * costs of the last three months, an oil change by km, an inspection falling due by date, a done revision
 * with the next one scheduled, and an asset's service by days.
 */
export async function seedBackoffice(tx: Queryable, companyId: number, now: number): Promise<void> {
  const vehicles = await tx.query<{ id: number; km: number }>(
    "select id, round(initial_mileage)::int as km from vehicles where company_id = $1 order by id limit 4",
    [companyId],
  );
  const assets = await tx.query<{ id: number }>(
    "select id from assets where company_id = $1 order by id limit 1",
    [companyId],
  );
  if (vehicles.length < 4) return;
  const today = new Date(now).toISOString().slice(0, 10);
  const v = vehicles.map((x) => x.id);
  // Counted from each vehicle's odometer at seeding (its initial mileage), so km plans start planned or due soon.
  const km = vehicles.map((x) => Number(x.km));
  const costs: [string, number, number, number, number, number, string][] = [
    ["Oil change", 1, 1, 89.9, 21, v[0]!, addDays(today, -62)],
    ["Brake pads", 2, 2, 64.5, 21, v[1]!, addDays(today, -48)],
    ["AP-7 toll", 3, 3, 12.35, 0, v[0]!, addDays(today, -35)],
    ["Road tax", 4, 1, 148, 0, v[2]!, addDays(today, -30)],
    ["Tyres", 1, 4, 115, 21, v[3]!, addDays(today, -21)],
    ["M-40 toll", 3, 5, 4.2, 0, v[1]!, addDays(today, -12)],
    ["Windscreen", 2, 1, 310, 21, v[2]!, addDays(today, -6)],
    ["Service", 1, 1, 240, 21, v[0]!, addDays(today, -2)],
  ];
  const ids: number[] = [];
  for (const [name, typeId, quantity, unitPrice, tax, vehicleId, date] of costs) {
    const rows = await tx.query<{ id: number }>(
      `insert into costs (company_id, name, type_id, quantity, unit_price, tax, currency, date, vehicle_id, description,
         created_ts, updated_ts) values ($1, $2, $3, $4, $5, $6, 'EUR', $7::date, $8, $9, $10, $10) returning id`,
      [
        companyId,
        name,
        typeId,
        quantity,
        unitPrice,
        tax,
        date,
        vehicleId,
        `${costAmount({ quantity, unitPrice, tax })} EUR`,
        now,
      ],
    );
    ids.push(rows[0]!.id);
  }
  const revision = async (r: {
    itemType: 1 | 2;
    itemId: number;
    task: string;
    everyKm?: number;
    everyDays?: number;
    warnKm?: number;
    warnDays?: number;
    baseKm?: number;
    baseDate: string;
    done?: { date: string; km: number; workshop: string; costId: number };
    previousId?: number;
  }): Promise<number> => {
    const plan = { everyKm: r.everyKm ?? null, everyDays: r.everyDays ?? null, everyHours: null };
    const due = dueFrom(plan, { km: r.baseKm ?? 0, date: r.baseDate, hours: 0 });
    const rows = await tx.query<{ id: number }>(
      // notified = 2: the demo's revisions come as already announced, so a fresh start mails and alarms nobody.
      `insert into maintenance_revisions (company_id, item_type, item_id, task, every_km, every_days, warn_km, warn_days,
         base_km, base_date, base_hours, due_km, due_date, state, done_date, done_km, workshop, cost_id, previous_id,
         created_ts, updated_ts, notified)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19, 2) returning id`,
      [
        companyId,
        r.itemType,
        r.itemId,
        r.task,
        plan.everyKm,
        plan.everyDays,
        r.warnKm ?? 0,
        r.warnDays ?? 0,
        r.baseKm ?? 0,
        r.baseDate,
        due.dueKm,
        due.dueDate,
        r.done ? 2 : 0,
        r.done?.date ?? null,
        r.done?.km ?? null,
        r.done?.workshop ?? "",
        r.done?.costId ?? null,
        r.previousId ?? null,
        now,
      ],
    );
    return rows[0]!.id;
  };
  const done = await revision({
    itemType: 1,
    itemId: v[0]!,
    task: "Oil change",
    everyKm: 15000,
    warnKm: 1000,
    baseKm: km[0]! - 15000,
    baseDate: addDays(today, -240),
    done: { date: addDays(today, -2), km: km[0]!, workshop: "Talleres Gómez", costId: ids[7]! },
  });
  await revision({
    itemType: 1,
    itemId: v[0]!,
    task: "Oil change",
    everyKm: 15000,
    warnKm: 1000,
    baseKm: km[0]!,
    baseDate: addDays(today, -2),
    previousId: done,
  });
  await revision({
    itemType: 1,
    itemId: v[1]!,
    task: "ITV / inspection",
    everyDays: 365,
    warnDays: 30,
    baseDate: addDays(today, -350),
  });
  await revision({
    itemType: 1,
    itemId: v[2]!,
    task: "ITV / inspection",
    everyDays: 365,
    warnDays: 30,
    baseDate: addDays(today, -368),
  });
  await revision({
    itemType: 1,
    itemId: v[3]!,
    task: "Tyres",
    everyKm: 40000,
    warnKm: 2000,
    everyDays: 730,
    warnDays: 30,
    baseKm: km[3]! - 39000,
    baseDate: addDays(today, -100),
  });
  await revision({
    itemType: 1,
    itemId: v[2]!,
    task: "Brakes",
    everyDays: 180,
    warnDays: 15,
    baseDate: addDays(today, -150),
  });
  if (assets[0])
    await revision({
      itemType: 2,
      itemId: assets[0].id,
      task: "Service",
      everyDays: 90,
      warnDays: 10,
      baseDate: addDays(today, -60),
    });
}

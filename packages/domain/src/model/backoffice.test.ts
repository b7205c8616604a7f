import { describe, expect, it } from "vitest";
import { costAmount, parseCostDate, sumCosts, validateCostRow } from "./costs.ts";
import { cleanFileName } from "./files.ts";
import { dueFrom, revisionStatus } from "./maintenance.ts";

const ctx = {
  vehicles: new Map([["1234-abc", 7]]),
  drivers: new Map([["ana", 3]]),
  assets: new Map<string, number>(),
};
const row = (overrides: Record<number, string> = {}) => {
  const cells = ["Oil", "maintenance", "1", "80", "21", "EUR", "2026/1/5", "1234-ABC", "ana", "", ""];
  for (const [i, v] of Object.entries(overrides)) cells[Number(i)] = v;
  return cells;
};

describe("cost rows", () => {
  it.each([
    [{}, null],
    [{ 0: "" }, ["name.required"]],
    [{ 0: "x".repeat(101) }, ["name.tooLong"]],
    [{ 10: "x".repeat(101) }, ["description.tooLong"]],
    [{ 1: "fuel" }, ["invalidCostType"]],
    [{ 2: "" }, ["quantity.required"]],
    [{ 2: "two" }, ["quantity.numeric"]],
    [{ 2: "0" }, ["quantity.zero"]],
    [{ 3: "x" }, ["unitPrice.numeric"]],
    [{ 4: "%" }, ["tax.numeric"]],
    [{ 5: "EURO" }, ["invalidCurrency"]],
    [{ 6: "05/01/2026" }, ["invalidDate"]],
    [{ 6: "2026/02/30" }, ["invalidDate"]],
    [{ 7: "NOPE" }, ["unknownVehicle:NOPE"]],
    [{ 9: "Box" }, ["unknownAsset:Box"]],
  ])("%j → %j", (overrides, errors) => {
    const result = validateCostRow(row(overrides), ctx);
    if (errors === null) {
      expect(result).toEqual({
        ok: true,
        value: expect.objectContaining({
          typeId: 1,
          date: "2026-01-05",
          vehicleId: 7,
          driverId: 3,
          assetId: null,
        }),
      });
    } else expect(result).toEqual({ ok: false, errors });
  });

  it("reads dates as year/month/day and amounts with tax", () => {
    expect(parseCostDate("2026/1/5")).toBe("2026-01-05");
    expect(parseCostDate("2026-13-01")).toBeNull();
    expect(costAmount({ quantity: 2, unitPrice: 10, tax: 21 })).toBe(24.2);
  });

  it("never sums different currencies", () => {
    expect(
      sumCosts([
        { amount: 1, currency: "EUR" },
        { amount: 2, currency: "EUR" },
      ]),
    ).toEqual({
      ok: true,
      currency: "EUR",
      amount: 3,
    });
    expect(
      sumCosts([
        { amount: 1, currency: "EUR" },
        { amount: 2, currency: "USD" },
      ]),
    ).toEqual({
      ok: false,
      error: "costs.currencies",
    });
  });
});

describe("revision status", () => {
  const due = {
    ...dueFrom(
      { everyKm: 10000, everyDays: 30, everyHours: null },
      { km: 5000, date: "2026-01-01", hours: 0 },
    ),
    warnKm: 1000,
    warnDays: 5,
    warnHours: 0,
  };
  it.each([
    [
      { km: 8000, hours: null, today: "2026-01-10" },
      { state: 0, overdue: false },
    ],
    [
      { km: 14000, hours: null, today: "2026-01-10" },
      { state: 1, overdue: false },
    ],
    [
      { km: 15000, hours: null, today: "2026-01-10" },
      { state: 1, overdue: true },
    ],
    [
      { km: 8000, hours: null, today: "2026-01-26" },
      { state: 1, overdue: false },
    ],
    [
      { km: 8000, hours: null, today: "2026-01-31" },
      { state: 1, overdue: false },
    ],
    [
      { km: 8000, hours: null, today: "2026-02-01" },
      { state: 1, overdue: true },
    ],
    [
      { km: null, hours: null, today: "2026-01-10" },
      { state: 0, overdue: false },
    ],
  ])("%j → %j", (now, expected) => {
    expect(due.dueKm).toBe(15000);
    expect(due.dueDate).toBe("2026-01-31");
    expect(revisionStatus(due, now)).toEqual(expected);
  });
});

describe("file names", () => {
  it("keep no path and no control characters", () => {
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("C:\\x\\a\u0000b.pdf")).toBe("ab.pdf");
    expect(cleanFileName("")).toBe("file");
  });
});

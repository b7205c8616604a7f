import type { Incident } from "@vigia/domain";
import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../platform/i18n/locales.ts";
import { incidentTicketDraft } from "./incident-ticket.ts";

const base: Incident = {
  key: "d1-7-1768467600000-harshBraking",
  kind: "harshBraking",
  ts: Date.UTC(2026, 0, 15, 9, 0, 0),
  itemType: 1,
  itemId: 7,
  itemName: "Truck 7",
  driverId: 3,
  driverName: "Ana Ruiz",
  lat: 40.416912,
  lng: -3.703512,
  speed: 54,
  alarmLogId: null,
  text: "harshBraking",
  ticketId: null,
};

let t: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: "en",
    resources: { en: { translation: LOCALES.en }, es: { translation: LOCALES.es } },
    interpolation: { escapeValue: false },
  });
  t = i18n.t;
});

describe("the ticket an incident prefills", () => {
  it.each([
    {
      incident: base,
      title: "Harsh braking: Truck 7",
      lines: ["Driver: Ana Ruiz", "Speed: 54 km/h", "Position: 40.41691, -3.70351", "2026-01-15 10:00"],
    },
    {
      incident: {
        ...base,
        kind: "alarm" as const,
        text: "Over 120 in Madrid",
        driverName: null,
        alarmLogId: 4,
      },
      title: "High-priority alarm: Truck 7",
      lines: ["Driver: unknown", "Over 120 in Madrid"],
    },
    {
      incident: { ...base, kind: "panic" as const, itemName: "x".repeat(200) },
      title: `Panic: ${"x".repeat(113)}`,
      lines: ["Speed: 54 km/h"],
    },
  ])("$incident.kind → $title", ({ incident, title, lines }) => {
    const draft = incidentTicketDraft(incident, t, "Europe/Madrid");
    expect(draft.title).toBe(title.slice(0, 120));
    for (const line of lines) expect(draft.description).toContain(line);
    expect(draft.description).not.toMatch(/\n$/);
  });
});

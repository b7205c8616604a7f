import { describe, expect, it } from "vitest";
import { alarmStateUpdateSchema, notifiesNotice, showsAlarmToast } from "./alarm-log.ts";
import { alarmRuleErrors, extUserErrors } from "./alarm-rule-checks.ts";
import { applyFamilyPreset, emptyAlarmRule, joinDuration, splitDuration } from "./alarm-rule-draft.ts";
import { type AlarmRuleInput, alarmRuleInputSchema } from "./alarms.ts";

/** A rule that may be saved: one vehicle, idle family with its preset. */
function valid(): AlarmRuleInput {
  const rule = applyFamilyPreset(emptyAlarmRule(), 11);
  return {
    ...rule,
    items: { ...rule.items, vehicleIds: [7] },
    info: { ...rule.info, name: "Idle too long", priority: 2 },
  };
}
type Patch = (r: AlarmRuleInput) => void;
const withPatch = (patch: Patch): AlarmRuleInput => {
  const rule = structuredClone(valid());
  patch(rule);
  return rule;
};
const weekday = (enabled: boolean, from = { hour: 8, minute: 0 }, to = { hour: 18, minute: 0 }) => ({
  enabled,
  id: 1,
  name: "",
  from,
  to,
});

describe("alarmRuleErrors: each save-disabled condition", () => {
  it("accepts the valid base rule", () => expect(alarmRuleErrors(valid())).toEqual({}));

  it.each<[string, Patch, string, string]>([
    [
      "blank name",
      (r) => {
        r.info.name = "   ";
      },
      "info.name",
      "required",
    ],
    [
      "name over 100",
      (r) => {
        r.info.name = "x".repeat(101);
      },
      "info.name",
      "tooLong",
    ],
    [
      "description over 200",
      (r) => {
        r.info.description = "x".repeat(201);
      },
      "info.description",
      "tooLong",
    ],
    [
      "family missing",
      (r) => {
        r.info.family = null;
      },
      "info.family",
      "required",
    ],
    [
      "priority missing",
      (r) => {
        r.info.priority = null;
      },
      "info.priority",
      "required",
    ],
    [
      "unknown item type",
      (r) => {
        r.items.itemsType = 0;
      },
      "items.itemsType",
      "required",
    ],
    [
      "no item chosen",
      (r) => {
        r.items.vehicleIds = [];
      },
      "items.itemIds",
      "required",
    ],
    [
      "ids of another type only",
      (r) => {
        r.items.vehicleIds = [];
        r.items.assetIds = [3];
      },
      "items.itemIds",
      "required",
    ],
    [
      "geozone filter without geozone",
      (r) => {
        r.geozones = { active: true, in: true, geozoneIds: [] };
      },
      "geozones.geozoneIds",
      "required",
    ],
    [
      "POI filter without POI",
      (r) => {
        r.pois = { active: true, in: false, poiIds: [] };
      },
      "pois.poiIds",
      "required",
    ],
    [
      "state filter without states",
      (r) => {
        r.customStates = { active: true, logic: 3, stateIds: [] };
      },
      "customStates.stateIds",
      "required",
    ],
    [
      "time filter with no weekday enabled",
      (r) => {
        r.timeRange = {
          active: true,
          in: true,
          timezone: "Europe/Madrid",
          weekTime: { 1: weekday(false) },
        };
      },
      "timeRange.weekTime",
      "required",
    ],
    [
      "time filter with 24:00",
      (r) => {
        r.timeRange = {
          active: true,
          in: true,
          timezone: "Europe/Madrid",
          weekTime: { 1: weekday(true, { hour: 8, minute: 0 }, { hour: 24, minute: 0 }) },
        };
      },
      "timeRange.weekTime.1",
      "invalidTime",
    ],
    [
      "time filter with an unknown zone",
      (r) => {
        r.timeRange = {
          active: true,
          in: true,
          timezone: "Mars/Base",
          weekTime: { 1: weekday(true) },
        };
      },
      "timeRange.timezone",
      "invalid",
    ],
    [
      "geozone family without geozone",
      (r) => {
        r.info.family = 5;
        r.info.geozones = { geozoneIds: [], toIn: true, toOut: false };
      },
      "info.geozones.geozoneIds",
      "required",
    ],
    [
      "geozone family without in or out",
      (r) => {
        r.info.family = 5;
        r.info.geozones = { geozoneIds: [1], toIn: false, toOut: false };
      },
      "info.geozones.direction",
      "required",
    ],
    [
      "POI family without POI",
      (r) => {
        r.info.family = 6;
        r.info.pois = { poiIds: [], toIn: false, toOut: true };
      },
      "info.pois.poiIds",
      "required",
    ],
    [
      "POI family without in or out",
      (r) => {
        r.info.family = 6;
        r.info.pois = { poiIds: [4], toIn: false, toOut: false };
      },
      "info.pois.direction",
      "required",
    ],
    ...([11, 12, 13, 14, 15] as const).map<[string, Patch, string, string]>((family) => [
      `time family ${family} without value`,
      (r) => {
        r.info.family = family;
        r.info.value = null;
      },
      "info.value",
      "required",
    ]),
    [
      "monthly consumption without value",
      (r) => {
        r.info.family = 19;
        r.info.value = null;
      },
      "info.value",
      "required",
    ],
    [
      "monthly consumption under 1",
      (r) => {
        r.info.family = 19;
        r.info.value = 0.5;
      },
      "info.value",
      "min",
    ],
    [
      "state family without states",
      (r) => {
        r.info.family = 10;
        r.info.states = { logic: 3, stateIds: [] };
      },
      "info.states.stateIds",
      "required",
    ],
    [
      "invalid external e-mail",
      (r) => {
        r.notification.extUsers = [{ email: "nope", smsPhone: "", language: "es", timezone: "UTC" }];
      },
      "notification.extUsers.0.email",
      "invalidEmail",
    ],
    [
      "unnamed family code without value",
      (r) => {
        r.info.family = 3;
        r.info.value = null;
      },
      "info.value",
      "required",
    ],
    [
      "max driving for assets",
      (r) => {
        r.info.family = 14;
        r.items.itemsType = 2;
        r.items.assetIds = [1];
      },
      "items.itemsType",
      "vehicleOnly",
    ],
  ])("%s", (_name, patch, field, message) => {
    const errors = alarmRuleErrors(withPatch(patch));
    expect(errors[field]).toBe(message);
  });

  it("a group alone is enough as the item choice", () => {
    expect(
      alarmRuleErrors(
        withPatch((r) => {
          r.items.vehicleIds = [];
          r.items.groupIds = [2];
        }),
      ),
    ).toEqual({});
  });
  it("track without driver needs no value", () => {
    expect(
      alarmRuleErrors(
        withPatch((r) => {
          r.info.family = 17;
          r.info.value = null;
        }),
      ),
    ).toEqual({});
  });
  it("geozone family with a zone and a direction passes", () => {
    const rule = withPatch((r) => {
      r.info.family = 5;
      r.info.geozones = { geozoneIds: [9], toIn: true, toOut: false };
    });
    expect(alarmRuleErrors(rule)).toEqual({});
  });
});

describe("external recipients", () => {
  it.each([
    [{ email: "", smsPhone: "", language: "", timezone: "" }, {}],
    [{ email: "a@b.co", smsPhone: "", language: "en", timezone: "Europe/Madrid" }, {}],
    [
      { email: "a@b.co", smsPhone: "", language: "", timezone: "" },
      { language: "required", timezone: "required" },
    ],
    [{ email: "", smsPhone: "+34600", language: "fr", timezone: "" }, { language: "invalid" }],
    [{ email: "", smsPhone: "", language: "", timezone: "UTC" }, { timezone: "invalid" }],
    [
      { email: `${"a".repeat(75)}@b.com`, smsPhone: "", language: "es", timezone: "UTC" },
      { email: "invalidEmail" },
    ],
  ])("%o → %o", (user, expected) => expect(extUserErrors(user)).toEqual(expected));
});

describe("presets and durations", () => {
  it.each([
    [11, 300_000, 1],
    [12, 604_800_000, 1],
    [13, 604_800_000, 1],
    [14, 16_200_000, 1],
    [15, 86_400_000, 1],
    [19, 15, 1],
  ])("family %i presets %i", (family, value) => {
    expect(applyFamilyPreset(emptyAlarmRule(), family).info.value).toBe(value);
  });
  it("max driving and max parked force vehicles", () => {
    const asset = { ...emptyAlarmRule(), items: { ...emptyAlarmRule().items, itemsType: 2 } };
    expect(applyFamilyPreset(asset, 14).items.itemsType).toBe(1);
    expect(applyFamilyPreset(asset, 15).items.itemsType).toBe(1);
    expect(applyFamilyPreset(asset, 11).items.itemsType).toBe(2);
  });
  it("splits and joins durations in both picker layouts", () => {
    expect(splitDuration(3_725_000, true)).toEqual({ days: 0, hours: 1, minutes: 2, seconds: 5 });
    expect(splitDuration(16_200_000, false)).toEqual({ days: 0, hours: 4, minutes: 30, seconds: 0 });
    expect(splitDuration(604_800_000, false)).toEqual({ days: 7, hours: 0, minutes: 0, seconds: 0 });
    expect(joinDuration({ days: 1, hours: 2, minutes: 3, seconds: 4 })).toBe(93_784_000);
  });
});

describe("notes and toasts", () => {
  it("trims the note and caps it at 500", () => {
    expect(alarmStateUpdateSchema.parse({ value: 1, text: "  ok  " }).text).toBe("ok");
    expect(alarmStateUpdateSchema.safeParse({ value: 2, text: "x".repeat(501) }).success).toBe(false);
    expect(alarmStateUpdateSchema.safeParse({ value: 3, text: "" }).success).toBe(false);
  });
  it("shows toasts to resellers always, to others only as recipients, never without front push", () => {
    const l = (pushFront: boolean) => ({
      info: { family: 1, notification: { pushFront, recipients: ["Ops@Acme.demo"] } },
    });
    expect(showsAlarmToast(l(true), { email: "x@y.z", reseller: true })).toBe(true);
    expect(showsAlarmToast(l(true), { email: "ops@acme.demo", reseller: false })).toBe(true);
    expect(showsAlarmToast(l(true), { email: "x@y.z", reseller: false })).toBe(false);
    expect(showsAlarmToast(l(false), { email: "x@y.z", reseller: true })).toBe(false);
  });
  it("notifies a buffered notice for a device event or a rule that opts in, never toasts one that is not", () => {
    const cases: [family: number, late: boolean, buffered: boolean, notifies: boolean][] = [
      [1, false, false, true],
      [1, true, false, false],
      [1, true, true, true],
      [20, true, false, false],
      [33, true, false, false],
      [22, true, false, true],
      [27, true, false, true],
      [24, true, false, true],
    ];
    for (const [family, late, buffered, notifies] of cases) {
      const log = { late, info: { family, notification: { pushFront: true, buffered, recipients: [] } } };
      expect(notifiesNotice(log), `${family} ${late} ${buffered}`).toBe(notifies);
      expect(showsAlarmToast(log, { email: "x@y.z", reseller: true })).toBe(notifies);
    }
  });
  it("the schema fills defaults for omitted sections", () => {
    const parsed = alarmRuleInputSchema.parse({
      items: { itemsType: 1, vehicleIds: [1] },
      info: { name: "a", priority: 1, family: 17 },
    });
    expect(parsed.geozones.active).toBe(false);
    expect(parsed.notification.extUsers).toEqual([]);
  });
});

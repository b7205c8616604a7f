import { LANGUAGES } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../platform/i18n/locales.ts";

/** Every object the server's audit log names (recordAudit `entity`), translated in each language. */
const AUDITED = [
  "alarm",
  "asset",
  "company",
  "customDatas",
  "customState",
  "customStates",
  "device",
  "driver",
  "geozone",
  "group",
  "password",
  "person",
  "poi",
  "reseller",
  "sensorSettings",
  "unknownDevice",
  "user",
  "vehicle",
  "wmsLayer",
  "worktime",
];
const SIM_TYPES = ["1", "2", "99"];

describe("audit-log objects and SIM types are translated", () => {
  it.each(LANGUAGES)("%s", (language) => {
    const texts = LOCALES[language] as {
      log: { entities: Record<string, string> };
      devices: { simTypes: Record<string, string> };
    };
    expect(AUDITED.filter((e) => !texts.log.entities[e])).toEqual([]);
    expect(SIM_TYPES.filter((s) => !texts.devices.simTypes[s])).toEqual([]);
  });
});

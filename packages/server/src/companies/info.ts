import {
  type CompanyInfo,
  type CUSTOM_STATE_ITEM_KINDS,
  CUSTOM_STATE_NONE,
  type CustomStates,
  customDatasSchema,
  customStatesByIdSchema,
  offlineAfterMs,
  supportContactSchema,
} from "@vigia/domain";
import { z } from "zod";
import type { CompanyRow } from "./store.ts";

const STATE_NAMES: Record<number, string> = {
  0: "active",
  1: "active",
  2: "neutral",
  3: "suspended",
  4: "deactivated",
};

/** Support contacts the company shows; an entry the configuration holds in another shape is left out. */
const supportsOf = (raw: unknown) =>
  z
    .array(z.unknown())
    .catch([])
    .parse(raw)
    .flatMap((entry) => {
      const parsed = supportContactSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });

/** The company's `info` as the client reads it, from its row. */
export function companyInfo(c: CompanyRow): CompanyInfo {
  const general = c.conf.general ?? {};
  return {
    id: c.id,
    name: c.name,
    resellerId: c.reseller_id,
    state: { current: { value: c.state, name: STATE_NAMES[c.state] ?? "unknown", id: c.state } },
    conf: {
      ...c.conf,
      general: {
        units: { fuelConsumption: 0 },
        ...general,
        offlineAfterMin: offlineAfterMs(general) / 60_000,
      },
      customDatas: customDatasSchema.catch({}).parse(c.conf.customDatas ?? {}),
      customStates: customStatesOf(c.conf.customStates),
      supports: supportsOf(c.conf.supports),
    },
    centroId: c.centre ? { pos: c.centre } : null,
    licenses: c.licenses,
    retentionDays: c.retention_days,
    passwordExpirationDays: c.password_expiration_days,
    restrictions: c.restrictions,
    mapType: c.map_type,
    cartography: c.cartography,
    craCode: c.cra_code,
    demo: c.demo,
  };
}

/** Custom states per item type, always with the white no-state (id 0); a kind stored in another shape has none. */
export function customStatesOf(raw: unknown): CustomStates {
  const source = z
    .record(z.string(), z.unknown())
    .catch({})
    .parse(raw ?? {});
  const kindStates = (kind: (typeof CUSTOM_STATE_ITEM_KINDS)[number]) => ({
    "0": { ...CUSTOM_STATE_NONE },
    ...customStatesByIdSchema.catch({}).parse(source[kind] ?? {}),
  });
  return {
    vehicle: kindStates("vehicle"),
    asset: kindStates("asset"),
    person: kindStates("person"),
    driver: kindStates("driver"),
  };
}

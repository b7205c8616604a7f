import { type CompanyInfo, type CustomDatas, companyInfoSchema } from "@vigia/domain";
import type { ReactNode } from "react";
import { CompanyContext, type CompanyValue } from "../platform/company/index.ts";

/** A loaded company for screens that read it (`useCompany`, `useCompanyRows`), with the collections given. */
export function testCompany(data: CompanyValue["data"] = {}, companyId: number | null = 5): CompanyValue {
  return {
    companyId,
    selectedId: null,
    info: null,
    data,
    loading: false,
    progress: { done: 0, total: 0 },
    selectLocal: () => undefined,
    choose: async () => undefined,
    clear: async () => undefined,
  };
}

export function WithCompany({ value, children }: { value: CompanyValue; children: ReactNode }) {
  return <CompanyContext.Provider value={value}>{children}</CompanyContext.Provider>;
}

export interface TestCompanyInfo {
  id?: number;
  name?: string;
  customDatas?: CustomDatas;
  /** Added to `conf.general` as the server would send it, unchecked: the schema decides what it becomes. */
  general?: Record<string, unknown>;
}

/** An active company's info as the server sends it (Acme, id 5), with nothing configured unless given. */
export function testCompanyInfo({
  id = 5,
  name = "Acme",
  customDatas = {},
  general = {},
}: TestCompanyInfo = {}): CompanyInfo {
  return companyInfoSchema.parse({
    id,
    name,
    resellerId: 1,
    state: { current: { value: 1, name: "active", id: 1 } },
    conf: {
      general: { units: { fuelConsumption: 0 }, ...general },
      customDatas,
      customStates: { vehicle: {}, asset: {}, person: {}, driver: {} },
      supports: [],
    },
    centroId: null,
    licenses: {},
    retentionDays: 30,
    passwordExpirationDays: null,
    restrictions: { timeRange: null, ip: null },
    mapType: "osm",
    cartography: "osm",
    craCode: "",
    demo: false,
  });
}

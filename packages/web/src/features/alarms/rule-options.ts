import { alarmsApi, beaconZonesApi, groupsApi, placesApi, usersApi } from "@vigia/domain";
import { useEffect, useMemo, useState } from "react";
import { z } from "zod";
import { api } from "../../platform/api/instance.ts";
import { useCompany } from "../../platform/company/index.ts";

/** A choice in one of the rule form's pickers. */
export type Option = { value: string; label: string };

export const ids = (values: string[]) => values.map(Number);
export const strs = (values: readonly number[]) => values.map(String);

const KIND = { 1: "vehicle", 2: "asset", 3: "person" } as const;

/** What the pickers read of an item row of the company load: its id and what to call it. */
const namedRows = z.record(
  z.string(),
  z.object({ id: z.number(), name: z.string().nullish(), plate: z.string().nullish() }),
);
const stateRow = z.object({ id: z.number(), description: z.string().nullish() });
const stateRows = z.union([z.array(stateRow), z.record(z.string(), stateRow)]);

function sorted<T extends { id: number }>(rows: Iterable<T>, label: (row: T) => string): Option[] {
  return [...rows]
    .map((r) => ({ value: String(r.id), label: label(r) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Options of a company-load collection; a collection not (yet) loaded offers none. */
function fromLoad<T extends { id: number }>(
  schema: z.ZodType<Record<string, T>>,
  raw: unknown,
  label: (row: T) => string,
): Option[] {
  const parsed = schema.safeParse(raw ?? {});
  return parsed.success ? sorted<T>(Object.values(parsed.data), label) : [];
}

export interface RuleOptions {
  groups: Option[];
  vehicles: Option[];
  assets: Option[];
  persons: Option[];
  geozones: Option[];
  pois: Option[];
  cras: Option[];
  /** Custom states of the rule's item type. */
  states: Option[];
  users: Option[];
  /** Beacon zones, for the beacon-zone entry and exit families (33/34). */
  beaconZones: Option[];
}

/** The rule form's choices: company-load collections, the item type's custom states and the company's users. */
export function useRuleOptions(companyId: number, itemsType: number, opened: boolean): RuleOptions {
  const { data, info } = useCompany();
  const [users, setUsers] = useState<Option[]>([]);
  const [beaconZones, setBeaconZones] = useState<Option[]>([]);

  useEffect(() => {
    if (!opened) return;
    // Users are not part of the company load: fetched once per opening.
    void api
      .call(usersApi.list, { params: { companyId } })
      .then((rows) =>
        setUsers(
          Object.values(rows).map((u) => ({
            value: String(u.id),
            label: `${u.firstName} ${u.lastName} <${u.email}>`,
          })),
        ),
      )
      .catch(() => setUsers([]));
    // Beacon zones are not part of the company load either.
    void api
      .call(beaconZonesApi.list, { params: { companyId } })
      .then((rows) => setBeaconZones(sorted(Object.values(rows), (z) => z.name)))
      .catch(() => setBeaconZones([]));
  }, [opened, companyId]);

  const loaded = useMemo(() => {
    const named = (raw: unknown) => fromLoad(namedRows, raw, (r) => r.name || r.plate || `#${r.id}`);
    return {
      groups: fromLoad(groupsApi.list.response, data.groups, (g) => g.name),
      vehicles: named(data.vehicles),
      assets: named(data.assets),
      persons: named(data.persons),
      geozones: fromLoad(placesApi.geozones.response, data.geozones, (g) => g.name),
      pois: fromLoad(placesApi.pois.response, data.pois, (p) => p.name),
      cras: fromLoad(alarmsApi.cras.response, data.cras, (c) => c.name),
    };
  }, [data]);

  const customStates = info?.conf.customStates;
  const kind = KIND[itemsType as 1 | 2 | 3] ?? "vehicle";
  const states = useMemo(() => {
    const byKind = z.record(z.string(), z.unknown()).safeParse(customStates ?? {});
    const rows = stateRows.safeParse(byKind.success ? (byKind.data[kind] ?? []) : []);
    if (!rows.success) return [];
    return sorted(Object.values(rows.data), (s) => s.description || `#${s.id}`);
  }, [customStates, kind]);

  return { ...loaded, states, users, beaconZones };
}

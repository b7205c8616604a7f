import type { ItemKey } from "@vigia/domain";
import { type LiveKey, liveKey } from "../../platform/live/store.ts";

/** What the map and list know about an item from the company data (names, types, groups). */
export interface CatalogItem {
  key: LiveKey;
  kind: ItemKey;
  id: number;
  name: string;
  /** Plate for vehicles, type for assets, empty for persons. */
  sub: string;
  type: string;
  groupId: number | null;
  intrack: boolean | null;
  /** Lower-case name, plate and type, for the search box. */
  search: string;
}

export interface GroupRow {
  id: number;
  name: string;
  parentId: number | null;
}

/** A driver as the map shows it: identification, group and the person whose device they may carry. */
export interface CatalogDriver {
  id: number;
  name: string;
  groupId: number | null;
  personId: number | null;
  tachographCard: string;
  iButton: string;
  /** Lower-case name, card and iButton, for the search box. */
  search: string;
}

export interface Catalog {
  items: Map<LiveKey, CatalogItem>;
  /** Catalogue order: vehicles, assets, persons, each by name. */
  ordered: CatalogItem[];
  groups: GroupRow[];
  drivers: Map<number, string>;
  /** Drivers by id, in name order. */
  driverRows: Map<number, CatalogDriver>;
}

type Row = Record<string, unknown>;

function rowsOf(collection: unknown): Row[] {
  if (typeof collection !== "object" || collection === null) return [];
  const values = Array.isArray(collection) ? collection : Object.values(collection);
  return values.filter(
    (v): v is Row => typeof v === "object" && v !== null && typeof (v as Row).id === "number",
  );
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

function item(kind: ItemKey, row: Row): CatalogItem {
  const id = row.id as number;
  const plate = str(row.plate);
  const name = str(row.name) || plate || `#${id}`;
  const type = str(row.type);
  const sub = kind === "vehicle" ? plate : kind === "asset" ? type : "";
  return {
    key: liveKey(kind, id),
    kind,
    id,
    name,
    sub,
    type,
    groupId: num(row.group) ?? num(row.groupId),
    intrack: typeof row.intrack === "boolean" ? row.intrack : null,
    search: `${name} ${plate} ${type}`.toLowerCase(),
  };
}

/** Builds the catalogue from the raw company-load collections (objects keyed by id). */
export function buildCatalog(data: Partial<Record<string, unknown>>): Catalog {
  const items = new Map<LiveKey, CatalogItem>();
  const ordered: CatalogItem[] = [];
  for (const [kind, resource] of [
    ["vehicle", "vehicles"],
    ["asset", "assets"],
    ["person", "persons"],
  ] as const) {
    const list = rowsOf(data[resource]).map((row) => item(kind, row));
    list.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
    for (const entry of list) {
      items.set(entry.key, entry);
      ordered.push(entry);
    }
  }
  const groups = rowsOf(data.groups).map((row) => ({
    id: row.id as number,
    name: str(row.name) || `#${row.id}`,
    parentId: num(row.parentId),
  }));
  const drivers = new Map<number, string>();
  const driverList: CatalogDriver[] = [];
  for (const row of rowsOf(data.drivers)) {
    const id = row.id as number;
    const name = str(row.name) || `#${id}`;
    drivers.set(id, name);
    const tachographCard = str(row.tachographCard);
    const iButton = str(row.iButton);
    driverList.push({
      id,
      name,
      groupId: num(row.group),
      personId: num(row.personId),
      tachographCard,
      iButton,
      search: `${name} ${tachographCard} ${iButton}`.toLowerCase(),
    });
  }
  driverList.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  const driverRows = new Map(driverList.map((d) => [d.id, d]));
  return { items, ordered, groups, drivers, driverRows };
}

/** Selected groups plus all their descendants; null when no group is selected (everything shows). */
export function allowedGroups(groups: readonly GroupRow[], selected: readonly number[]): Set<number> | null {
  if (selected.length === 0) return null;
  const known = new Set(groups.map((g) => g.id));
  const children = new Map<number, number[]>();
  for (const group of groups) {
    // A parent that does not exist counts as no parent.
    if (group.parentId === null || !known.has(group.parentId)) continue;
    const list = children.get(group.parentId) ?? [];
    list.push(group.id);
    children.set(group.parentId, list);
  }
  const out = new Set<number>();
  const stack = [...selected];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** List filter: kind toggles, allowed groups and the search text. */
export function matchesList(
  entry: CatalogItem,
  groupId: number | null,
  kinds: Readonly<Record<ItemKey, boolean>>,
  groups: Set<number> | null,
  search: string,
): boolean {
  if (!kinds[entry.kind]) return false;
  if (groups && (groupId === null || !groups.has(groupId))) return false;
  return search === "" || entry.search.includes(search);
}

/** The line under an item's name: the plate, or the asset's type in the user's language (was the raw code). */
export function shownSub(entry: CatalogItem, translate: (key: string, fallback: string) => string): string {
  if (entry.kind !== "asset" || entry.sub === "") return entry.sub;
  return translate(`items.assetTypes.${entry.sub}`, entry.sub);
}

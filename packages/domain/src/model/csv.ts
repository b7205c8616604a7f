import { z } from "zod";
import { LANGUAGES } from "./codes.ts";
import { CIRCLE_RADIUS_MAX_M, CIRCLE_RADIUS_MIN_M } from "./constants.ts";
import {
  DEVICE_DESCRIPTION_MAX,
  DEVICE_IMEI_MAX,
  DEVICE_PHONE_MAX,
  type DeviceTypeInfo,
  deviceIdError,
  SIM_TYPE_DEFAULT,
} from "./devices.ts";
import { isValidEmail } from "./fields.ts";
import { parseRole, type Role } from "./roles.ts";

/**
 * Bulk CSV import rules, as pure row validators shared by the server (authoritative, with the
 * company's lists) and the web (example files, headers). Each row yields either a value or its error keys.
 */

export const CSV_COLUMNS = {
  devices: ["idImei", "description", "type", "phone", "simType"],
  users: [
    "email",
    "firstName",
    "lastName",
    "description",
    "phone",
    "role",
    "country",
    "language",
    "timezone",
    "groups",
  ],
  geometries: ["kind", "name", "lat", "lng", "radius", "color", "group"],
  costs: [
    "name",
    "type",
    "quantity",
    "unitPrice",
    "tax",
    "currency",
    "date",
    "vehicle",
    "driver",
    "asset",
    "description",
  ],
} as const;
export type CsvKind = keyof typeof CSV_COLUMNS;

export const CSV_EXAMPLES: Record<CsvKind, string> = {
  devices: `${CSV_COLUMNS.devices.join(",")}\n356307042441013,Truck 12 tracker,1,+34600111222,1\n356307042441021,Spare unit,FMB920,,\n`,
  users: `${CSV_COLUMNS.users.join(",")}\nana@example.com,Ana,García,Dispatcher,+34600111222,OPERATOR,ES,es,Europe/Madrid,Madrid;Toledo\nboss@example.com,Luis,Pérez,,,ADMIN,ES,es,Europe/Madrid,\n`,
  geometries: `${CSV_COLUMNS.geometries.join(",")}\npoi,Main depot,40.4168,-3.7038,50,#475f7b,Madrid\ngeozone,Port area,39.4540,-0.3200,800,#e03131,\n`,
  costs: `${CSV_COLUMNS.costs.join(",")}\nOil change,maintenance,1,89.90,21,EUR,2026/01/12,1234-ABC,,,Workshop Gómez\nAP-7 toll,toll,2,12.35,0,EUR,2026/01/13,1234-ABC,,,\n`,
};

export type RowResult<T> = { ok: true; value: T } | { ok: false; errors: string[] };

export const csvRowErrorSchema = z.object({
  /** 1-based line in the file (the header is line 1). */
  line: z.number(),
  errors: z.array(z.string()),
});
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;

/** Drops the header line and blank lines; a row with the wrong column count is an error of its own. */
export function splitRows(
  kind: CsvKind,
  records: readonly (readonly string[])[],
): { rows: { line: number; cells: string[] }[]; errors: CsvRowError[] } {
  const expected = CSV_COLUMNS[kind].length;
  const rows: { line: number; cells: string[] }[] = [];
  const errors: CsvRowError[] = [];
  records.forEach((record, index) => {
    if (index === 0) return; // header line
    const line = index + 1;
    if (record.length === 1 && (record[0] ?? "").trim() === "") return;
    if (record.length !== expected) errors.push({ line, errors: ["csv.columnCount"] });
    else rows.push({ line, cells: record.map((c) => c.trim()) });
  });
  return { rows, errors };
}

export interface DeviceCsvRow {
  deviceId: string;
  description: string;
  typeId: number;
  sim: { phone: string; type: number };
}

/** Device line: idImei, description, type (id or name), phone, simType (default 99). */
export function validateDeviceRow(
  cells: readonly string[],
  types: readonly DeviceTypeInfo[],
  simTypeIds: readonly number[],
): RowResult<DeviceCsvRow> {
  const [imei = "", description = "", typeText = "", phone = "", simText = ""] = cells;
  const errors: string[] = [];
  const type = types.find(
    (t) => String(t.id) === typeText || t.name.toLowerCase() === typeText.toLowerCase(),
  );
  if (imei === "") errors.push("errorNoImei");
  else if (imei.length > DEVICE_IMEI_MAX) errors.push("device.idLength");
  if (description.length > DEVICE_DESCRIPTION_MAX) errors.push("errorDeviceDescriptionLength");
  if (!type) errors.push("errorNoDeviceType");
  if (phone.length > DEVICE_PHONE_MAX) errors.push("errorPhoneLength");
  const simType = simText === "" ? SIM_TYPE_DEFAULT : Number(simText);
  if (!Number.isInteger(simType) || !simTypeIds.includes(simType)) errors.push("errorNoSimType");
  if (type && imei !== "" && imei.length <= DEVICE_IMEI_MAX) {
    const idError = deviceIdError(type, imei);
    if (idError) errors.push(idError);
  }
  if (errors.length > 0 || !type) return { ok: false, errors };
  return { ok: true, value: { deviceId: imei, description, typeId: type.id, sim: { phone, type: simType } } };
}

export interface UserRow {
  email: string;
  firstName: string;
  lastName: string;
  description: string;
  phone: string;
  role: Role;
  country: string;
  language: (typeof LANGUAGES)[number];
  timezone: string;
  groups: number[];
}

export interface UserRowContext {
  roles: readonly Role[];
  countries: readonly string[];
  timezones: ReadonlySet<string>;
  /** Group name (lower-case) → id; with duplicate names the last one found wins. */
  groupsByName: ReadonlyMap<string, number>;
}

/** Duplicate group names: the last one found wins. */
export function groupNameIndex(groups: readonly { id: number; name: string }[]): Map<string, number> {
  const index = new Map<string, number>();
  for (const g of groups) index.set(g.name.trim().toLowerCase(), g.id);
  return index;
}

const PHONE = /^[+0-9 ()-]*$/;

/** User line: email, firstName, lastName, description, phone, role, country, language, timezone, groups (;). */
export function validateUserRow(cells: readonly string[], ctx: UserRowContext): RowResult<UserRow> {
  const [email = "", firstName = "", lastName = "", description = "", phone = "", roleText = ""] = cells;
  const [country = "", language = "", timezone = "", groupText = ""] = cells.slice(6);
  const errors: string[] = [];
  if (email === "" || !isValidEmail(email)) errors.push("invalidEmail");
  if (firstName === "") errors.push("firstName.required");
  else if (firstName.length > 100) errors.push("firstName.tooLong");
  if (lastName === "") errors.push("lastName.required");
  else if (lastName.length > 100) errors.push("lastName.tooLong");
  if (description.length > 200) errors.push("description.tooLong");
  if (phone.length > 32 || !PHONE.test(phone)) errors.push("invalidPhone");
  const role = parseRole(roleText);
  if (!role || !ctx.roles.includes(role)) errors.push("invalidRole");
  if (country !== "" && !ctx.countries.includes(country.toUpperCase())) errors.push("invalidCountry");
  if (!(LANGUAGES as readonly string[]).includes(language)) errors.push("invalidLanguage");
  if (!ctx.timezones.has(timezone)) errors.push("invalidTimezone");
  const names = groupText
    .split(";")
    .map((g) => g.trim())
    .filter((g) => g !== "");
  const groups: number[] = [];
  for (const name of names) {
    const id = ctx.groupsByName.get(name.toLowerCase());
    if (id === undefined) errors.push(`unknownGroup:${name}`);
    else groups.push(id);
  }
  if (role && role !== "ADMIN" && names.length === 0) errors.push("groupRequired");
  if (errors.length > 0 || !role) return { ok: false, errors };
  return {
    ok: true,
    value: {
      email: email.toLowerCase(),
      firstName,
      lastName,
      description,
      phone,
      role,
      country: country.toUpperCase(),
      language: language as UserRow["language"],
      timezone,
      groups: role === "ADMIN" ? [] : groups,
    },
  };
}

export interface GeometryRow {
  kind: "poi" | "geozone";
  name: string;
  lat: number;
  lng: number;
  radius: number;
  color: string;
  groupId: number | null;
}

const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/** Geometry line: kind (poi|geozone), name, lat, lng, radius (1-30000 m), color (#hex), group name or empty. */
export function validateGeometryRow(
  cells: readonly string[],
  groupsByName: ReadonlyMap<string, number>,
): RowResult<GeometryRow> {
  const [kindText = "", name = "", latText = "", lngText = "", radiusText = "", color = "", group = ""] =
    cells;
  const errors: string[] = [];
  const kind = kindText.toLowerCase();
  if (kind !== "poi" && kind !== "geozone") errors.push("invalidKind");
  if (name === "") errors.push("name.required");
  else if (name.length > 100) errors.push("name.tooLong");
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!NUMBER.test(latText) || lat < -90 || lat > 90) errors.push("invalidLat");
  if (!NUMBER.test(lngText) || lng < -180 || lng > 180) errors.push("invalidLng");
  const radius = radiusText === "" ? 50 : Number(radiusText);
  if (!Number.isFinite(radius) || radius < CIRCLE_RADIUS_MIN_M || radius > CIRCLE_RADIUS_MAX_M)
    errors.push("radius.range");
  if (!HEX_COLOR.test(color)) errors.push("invalidColor");
  const groupId = group === "" ? null : (groupsByName.get(group.toLowerCase()) ?? undefined);
  if (groupId === undefined) errors.push(`unknownGroup:${group}`);
  if (errors.length > 0 || groupId === undefined) return { ok: false, errors };
  return { ok: true, value: { kind: kind as GeometryRow["kind"], name, lat, lng, radius, color, groupId } };
}

/** Marks rows repeating a key seen earlier in the same file (duplicate IMEIs or e-mails). */
export function duplicateLines<T>(
  rows: readonly { line: number; value: T }[],
  key: (v: T) => string,
): Set<number> {
  const seen = new Set<string>();
  const dup = new Set<number>();
  for (const row of rows) {
    const k = key(row.value).toLowerCase();
    if (seen.has(k)) dup.add(row.line);
    seen.add(k);
  }
  return dup;
}

/** Body of an import call: the file's text, read whole by the browser. */
export const csvImportBodySchema = z.object({ csv: z.string().max(20 * 1024 * 1024) });
/** `commit=1` writes the valid rows; without it the call only checks the file. */
export const csvImportQuerySchema = z.object({ commit: z.enum(["0", "1"]).optional() });

/** Response of an import call: what was (or would be) written and every line that was not. */
export const importResultSchema = z.object({
  committed: z.boolean(),
  total: z.number(),
  valid: z.number(),
  errors: z.array(csvRowErrorSchema),
  inserted: z.array(z.string()),
  updated: z.array(z.string()),
  notInserted: z.array(z.object({ line: z.number(), key: z.string(), errors: z.array(z.string()) })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Response of a deletebulk call. */
export const deleteBulkResultSchema = z.object({
  deleted: z.array(z.number()),
  notDeleted: z.array(z.object({ id: z.number(), error: z.string() })),
});
export type DeleteBulkResult = z.infer<typeof deleteBulkResultSchema>;

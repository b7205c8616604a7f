import { describe, expect, it } from "vitest";
import {
  CSV_EXAMPLES,
  duplicateLines,
  groupNameIndex,
  splitRows,
  validateDeviceRow,
  validateGeometryRow,
  validateUserRow,
} from "./csv.ts";
import {
  decodeDeviceId,
  defaultDeviceConfig,
  deviceConfigErrors,
  deviceIdError,
  deviceIdRule,
  deviceRowButtons,
  encodeDeviceId,
  isAllowedIdKey,
} from "./devices.ts";
import {
  assetWriteSchema,
  buildGroupTree,
  defaultWorkWeek,
  driverWriteSchema,
  parentError,
  vehicleWriteSchema,
  worktimeWriteSchema,
} from "./items.ts";

const TYPES = [
  { id: 1, name: "FMB920", proto: "teltonika", idLength: 15, port: 5027 },
  { id: 3, name: "GT06N", proto: "gt06", idLength: 15, port: 5023 },
  { id: 4, name: "Traccar Client", proto: "osmand", idLength: null, port: 5055 },
  { id: 5, name: "Vigia App", proto: "app", idLength: null, port: null },
];

describe("vehicle rules", () => {
  const base = { plate: "1234-ABC", group: 1 };
  it.each([
    ["1234-ABC", true],
    [" 1234-ABC ", true],
    ["1234 ABC", false],
    ["1234_abc", false],
    ["abc", false],
    ["", false],
  ])("plate %j valid=%s", (plate, ok) => {
    expect(vehicleWriteSchema.safeParse({ ...base, plate }).success).toBe(ok);
  });
  it("defaults fuel factor to 1 and needs a group", () => {
    expect(vehicleWriteSchema.parse(base).fuelFactor).toBe(1);
    const r = vehicleWriteSchema.safeParse({ plate: "X1" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("groupRequired");
  });
  it.each([
    [0, true],
    [4, true],
    [5, false],
    [-1, false],
  ])("engine type %i valid=%s", (engineType, ok) => {
    expect(vehicleWriteSchema.safeParse({ ...base, engineType }).success).toBe(ok);
  });
  it("accepts only the 14 vehicle types", () => {
    expect(vehicleWriteSchema.safeParse({ ...base, type: "boxVan" }).success).toBe(true);
    expect(vehicleWriteSchema.safeParse({ ...base, type: "rocket" }).success).toBe(false);
  });
  it("asset types and driver e-mail", () => {
    expect(assetWriteSchema.safeParse({ name: "Box", type: "pallet", group: 1 }).success).toBe(true);
    expect(assetWriteSchema.safeParse({ name: "Box", type: "car", group: 1 }).success).toBe(false);
    expect(driverWriteSchema.safeParse({ name: "D", email: "" }).success).toBe(true);
    expect(driverWriteSchema.safeParse({ name: "D", email: "nope" }).success).toBe(false);
  });
});

describe("group tree", () => {
  const g = (id: number, parentId: number | null, vehicles: number[] = []) => ({
    id,
    name: `g${id}`,
    parentId,
    vehicles,
    assets: [],
    persons: [],
  });
  const tree = buildGroupTree([g(1, null, [10]), g(2, 1, [20]), g(3, 2, [30]), g(4, 99, [40]), g(5, 5)]);
  it("derives children, allChildren, ancestors and aggregates", () => {
    expect(tree[1]?.children).toEqual([2]);
    expect(tree[1]?.allChildren).toEqual([2, 3]);
    expect(tree[3]?.ancestors).toEqual([2, 1]);
    expect(tree[1]?.allVehicles.sort()).toEqual([10, 20, 30]);
  });
  it("treats a missing parent and a self parent as none", () => {
    expect(tree[4]?.parentId).toBeNull();
    expect(tree[5]?.parentId).toBeNull();
  });
  it.each([
    [1, 1, "parent.self"],
    [1, 3, "parent.descendant"],
    [3, 1, null],
    [null, 1, null],
    [2, null, null],
  ])("group %j parent %j → %j", (id, parent, error) => {
    expect(parentError(tree, id, parent)).toBe(error);
  });
});

describe("timetables", () => {
  it("starts the week on Monday with Sunday id 0", () => {
    expect(defaultWorkWeek().map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });
  it("rejects a day ending before it starts and repeated days", () => {
    const days = defaultWorkWeek();
    expect(worktimeWriteSchema.safeParse({ name: "Office", days }).success).toBe(true);
    const bad = days.map((d) => (d.id === 1 ? { ...d, from: "19:00" } : d));
    expect(worktimeWriteSchema.safeParse({ name: "Office", days: bad }).success).toBe(false);
    const dup = days.map((d) => (d.id === 0 ? { ...d, id: 1 } : d));
    expect(worktimeWriteSchema.safeParse({ name: "Office", days: dup }).success).toBe(false);
  });
});

describe("device identifiers", () => {
  it.each([
    [1, "356307042441013", null],
    [1, "35630704244101", "device.idLength"],
    [1, "35630704244101G", "device.idHex"],
    [1, "", "errorNoImei"],
    [4, "abc123", null],
    // Traccar Client (OsmAnd) ids are what the user typed in the app, not IMEIs.
    [4, "walkphone01", null],
    [4, "x".repeat(3), null],
    [4, "Walk.Phone_01-b", null],
    [4, "walk phone", "device.idChars"],
    [4, "tel/../x", "device.idChars"],
    [4, "w".repeat(51), "device.idLength"],
    // IMEI types keep the hex rule
    [3, "walkphone010000", "device.idHex"],
    [3, "356307042441013", null],
    [5, "worker@acme.demo", null],
    [9, "123", "errorNoDeviceType"],
  ])("type %i id %j → %j", (typeId, id, error) => {
    expect(
      deviceIdError(
        TYPES.find((t) => t.id === typeId),
        id,
      ),
    ).toBe(error);
  });
  it.each([
    ["a", true],
    ["F", true],
    ["g", false],
    ["Backspace", true],
    ["Tab", true],
    ["-", false],
  ])("key %j allowed=%s", (key, ok) => {
    expect(isAllowedIdKey(key)).toBe(ok);
  });
  it.each([
    [1, "w", false],
    [4, "w", true],
    [4, "_", true],
    [4, " ", false],
    [5, " ", true],
    [5, "@", true],
  ])("type %i key %j allowed=%s", (typeId, key, ok) => {
    expect(isAllowedIdKey(key, deviceIdRule(TYPES.find((t) => t.id === typeId)!))).toBe(ok);
  });
  it("encodes the special type and shows it decoded unless it holds an at-sign", () => {
    const stored = encodeDeviceId(5, "worker@acme.demo");
    expect(stored).toMatch(/^[0-9a-f]+$/);
    expect(decodeDeviceId(5, stored)).toBe("worker@acme.demo");
    expect(decodeDeviceId(5, "raw@legacy")).toBe("raw@legacy");
    expect(encodeDeviceId(1, " 356307042441013 ")).toBe("356307042441013");
    expect(decodeDeviceId(1, "356307042441013")).toBe("356307042441013");
  });
  it("checks an active configuration only", () => {
    const config = defaultDeviceConfig(TYPES[0]);
    expect(config).toEqual({ apn: "", server: "", port: 2166, speedLimit: 120, interval: 60, sleepTime: 30 });
    expect(defaultDeviceConfig(TYPES[1]).port).toBe(2100);
    expect(deviceConfigErrors(false, config)).toEqual({});
    expect(deviceConfigErrors(true, config)).toEqual({ apn: "required", server: "required" });
    expect(
      deviceConfigErrors(true, { ...config, apn: "m2m", server: "x", port: "", interval: "abc" }),
    ).toEqual({ port: "required", interval: "invalidNumber" });
  });
  it.each([
    [{ companyId: null, itemId: null }, false, ["assignCompany", "delete", "edit"]],
    [{ companyId: 1, itemId: null }, true, ["unassignCompany", "edit", "goToCompany"]],
    [{ companyId: 1, itemId: 3 }, false, ["unassignItem", "edit"]],
  ])("row buttons for %j", (device, loaded, buttons) => {
    expect(deviceRowButtons(device, loaded)).toEqual(buttons);
  });
});

describe("csv import rows", () => {
  it("skips the header and blank lines and flags the column count", () => {
    const { rows, errors } = splitRows("devices", [
      ["idImei", "description", "type", "phone", "simType"],
      ["1", "a", "1", "", ""],
      [""],
      ["2", "b"],
    ]);
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(errors).toEqual([{ line: 4, errors: ["csv.columnCount"] }]);
  });
  it.each([
    [["356307042441013", "ok", "1", "+34600", "1"], []],
    [["", "x", "1", "", ""], ["errorNoImei"]],
    [["356307042441013", "d".repeat(801), "1", "", ""], ["errorDeviceDescriptionLength"]],
    [["356307042441013", "", "77", "", ""], ["errorNoDeviceType"]],
    [["356307042441013", "", "1", "6".repeat(33), ""], ["errorPhoneLength"]],
    [["356307042441013", "", "1", "", "5"], ["errorNoSimType"]],
    [["35630704244101", "", "FMB920", "", ""], ["device.idLength"]],
  ])("device row %j → %j", (cells, errors) => {
    const r = validateDeviceRow(cells, TYPES, [1, 2, 99]);
    expect(r.ok ? [] : r.errors).toEqual(errors);
  });
  it("defaults the SIM type to 99 and accepts type names", () => {
    const r = validateDeviceRow(["356307042441013", "", "gt06n", "", ""], TYPES, [1, 2, 99]);
    expect(r).toEqual({
      ok: true,
      value: { deviceId: "356307042441013", description: "", typeId: 3, sim: { phone: "", type: 99 } },
    });
  });
  const userCtx = {
    roles: ["ADMIN", "SUBADMIN", "OPERATOR", "USER"] as const,
    countries: ["ES", "PT"],
    timezones: new Set(["Europe/Madrid"]),
    groupsByName: groupNameIndex([
      { id: 1, name: "Madrid" },
      { id: 2, name: "Toledo" },
      { id: 3, name: "madrid" },
    ]),
  };
  it.each([
    [["a@b.co", "A", "B", "", "", "OPERATOR", "ES", "es", "Europe/Madrid", "Madrid;Toledo"], []],
    [["a@b.co", "A", "B", "", "", "ADMIN", "", "en", "Europe/Madrid", ""], []],
    [["bad", "A", "B", "", "", "OPERATOR", "ES", "es", "Europe/Madrid", "Toledo"], ["invalidEmail"]],
    [["a@b.co", "", "B", "", "", "OPERATOR", "ES", "es", "Europe/Madrid", "Toledo"], ["firstName.required"]],
    [["a@b.co", "A", "B", "", "", "OPERATOR", "ES", "es", "Europe/Madrid", ""], ["groupRequired"]],
    [
      ["a@b.co", "A", "B", "", "", "KING", "XX", "de", "Mars/Base", "Nowhere"],
      ["invalidRole", "invalidCountry", "invalidLanguage", "invalidTimezone", "unknownGroup:Nowhere"],
    ],
  ])("user row %j → %j", (cells, errors) => {
    const r = validateUserRow(cells, { ...userCtx, roles: [...userCtx.roles] });
    expect(r.ok ? [] : r.errors).toEqual(errors);
  });
  it("lets the last duplicate group name win", () => {
    const r = validateUserRow(["a@b.co", "A", "B", "", "", "USER", "", "es", "Europe/Madrid", "MADRID"], {
      ...userCtx,
      roles: [...userCtx.roles],
    });
    expect(r.ok && r.value.groups).toEqual([3]);
  });
  it.each([
    [["poi", "Depot", "40.1", "-3.2", "50", "#475f7b", "Madrid"], []],
    [["geozone", "Zone", "40.1", "-3.2", "", "#fff", ""], []],
    [
      ["area", "", "91", "x", "0", "blue", "Nope"],
      [
        "invalidKind",
        "name.required",
        "invalidLat",
        "invalidLng",
        "radius.range",
        "invalidColor",
        "unknownGroup:Nope",
      ],
    ],
    [["poi", "Far", "40", "-3", "30001", "#000000", ""], ["radius.range"]],
  ])("geometry row %j → %j", (cells, errors) => {
    const r = validateGeometryRow(cells, userCtx.groupsByName);
    expect(r.ok ? [] : r.errors).toEqual(errors);
  });
  it("finds duplicates within a file and ships example files with the right header", () => {
    expect(
      duplicateLines(
        [
          { line: 2, value: "A" },
          { line: 3, value: "b" },
          { line: 4, value: "a" },
        ],
        (v) => v,
      ),
    ).toEqual(new Set([4]));
    for (const [kind, text] of Object.entries(CSV_EXAMPLES)) {
      const lines = text
        .trim()
        .split("\n")
        .map((l) => l.split(","));
      const { rows, errors } = splitRows(kind as "devices", lines);
      expect(errors, kind).toEqual([]);
      expect(rows.length, kind).toBe(2);
    }
  });
});

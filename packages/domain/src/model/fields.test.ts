import { describe, expect, it } from "vitest";
import {
  beaconSettingsSchema,
  bulkDeleteConfirmed,
  circleRadiusSchema,
  colorSchema,
  emailSchema,
  groupChoiceError,
  isUniqueName,
  isValidEmail,
  isValidParent,
  isValidUrl,
  PLATE_HELPER_PATTERN,
  parseCoordinate,
  parseUnixTimestamp,
  passwordChangeSchema,
  passwordSchema,
  photoSizeSchema,
  plateSchema,
  rangeSchema,
  wifiIntervalMinutesSchema,
} from "./fields.ts";

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe("password", () => {
  it.each([
    ["Abcdefg1", true],
    ["Abcdef1", false],
    ["abcdefg1", false],
    ["ABCDEFG1", false],
    ["Abcdefgh", false],
    ["Zz345678", true],
    ["", false],
  ])("%s → %s", (value, expected) => expect(ok(passwordSchema, value)).toBe(expected));

  it.each([
    [{ oldPassword: "Old-pass1", password: "New-pass1", repeatPassword: "New-pass1" }, true],
    [{ oldPassword: "Old-pass1", password: "New-pass1", repeatPassword: "New-pass2" }, false],
    [{ oldPassword: "Same-pass1", password: "Same-pass1", repeatPassword: "Same-pass1" }, false],
    [{ password: "New-pass1", repeatPassword: "New-pass1" }, true],
  ])("change %j → %s", (value, expected) => expect(ok(passwordChangeSchema, value)).toBe(expected));

  it("names the failing rule", () => {
    const result = passwordChangeSchema.safeParse({ password: "New-pass1", repeatPassword: "x" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("password.mismatch");
  });
});

describe("e-mail and URL", () => {
  it.each([
    ["", true],
    ["a@b.co", true],
    ["first.last+tag@sub.example.com", true],
    ["no-at.example.com", false],
    ["two@@example.com", false],
    ["spaces in@example.com", false],
    ["a@b", false],
  ])("email helper %s → %s", (value, expected) => expect(isValidEmail(value)).toBe(expected));
  it("the required e-mail schema refuses empty", () => expect(ok(emailSchema, "")).toBe(false));
  it.each([
    ["https://example.com/path?q=1", true],
    ["http://localhost:8080", true],
    ["ftp://files.example.com", true],
    ["example.com", false],
    ["https://", false],
    ["javascript:alert(1)", false],
  ])("url %s → %s", (value, expected) => expect(isValidUrl(value)).toBe(expected));
});

describe("plate", () => {
  it.each([
    ["1234-BCD", true],
    ["ABC123", true],
    ["abc-123", false],
    ["AB 123", false],
    ["AB_123", false],
    ["", false],
  ])("%s → %s", (value, expected) => expect(ok(plateSchema, value)).toBe(expected));
  it("the lenient helper also allows underscores", () =>
    expect(PLATE_HELPER_PATTERN.test("AB_123")).toBe(true));
});

describe("unique names, parents and groups", () => {
  it.each([
    ["Pallet 1", ["Pallet 2", "Box"], true],
    ["pallet 1", ["Pallet 1"], false],
    [" Box ", ["box"], false],
  ])("%s among %j → %s", (name, others, expected) => expect(isUniqueName(name, others)).toBe(expected));
  it.each([
    [5, 5, false],
    [5, 4, true],
    [5, null, true],
    [null, 3, true],
  ])("item %s parent %s → %s", (item, parent, expected) =>
    expect(isValidParent(item, parent)).toBe(expected),
  );
  it.each([
    [0, [], "noGroupsExist"],
    [3, [], "groupRequired"],
    [3, [1], null],
  ])("%s groups, chosen %j → %s", (existing, chosen, expected) =>
    expect(groupChoiceError(existing, chosen)).toBe(expected),
  );
});

describe("limits", () => {
  it.each([
    [0, false],
    [1, true],
    [30000, true],
    [30001, false],
  ])("circle radius %s → %s", (value, expected) => expect(ok(circleRadiusSchema, value)).toBe(expected));
  it.each([
    [2 * 1024 * 1024, true],
    [2 * 1024 * 1024 + 1, false],
  ])("photo bytes %s → %s", (value, expected) => expect(ok(photoSizeSchema, value)).toBe(expected));
  it.each([
    [29, false],
    [30, true],
  ])("wifi interval %s min → %s", (value, expected) =>
    expect(ok(wifiIntervalMinutesSchema, value)).toBe(expected),
  );
  it.each([
    [{ receive: true, emit: false, measuredPower: -59, n: 2 }, true],
    [{ receive: true, emit: true, measuredPower: -59, n: 2 }, false],
    [{ receive: false, emit: true, measuredPower: 0, n: 2 }, false],
    [{ receive: false, emit: true, measuredPower: -151, n: 2 }, false],
    [{ receive: false, emit: true, measuredPower: -150, n: 4 }, true],
    [{ receive: false, emit: false, measuredPower: -1, n: 4.5 }, false],
    [{ receive: false, emit: false, measuredPower: -1, n: 1.9 }, false],
  ])("beacon %j → %s", (value, expected) => expect(ok(beaconSettingsSchema, value)).toBe(expected));
  it.each([
    [{ min: 1, max: 5 }, true],
    [{ min: 5, max: 5 }, true],
    [{ min: 6, max: 5 }, false],
  ])("form range %j → %s", (value, expected) => expect(ok(rangeSchema, value)).toBe(expected));
  it.each([
    ["#475f7b", true],
    ["#fff", true],
    ["#FFFF", false],
    ["475f7b", false],
    ["#47g f7b", false],
  ])("colour %s → %s", (value, expected) => expect(ok(colorSchema, value)).toBe(expected));
});

describe("entries", () => {
  it.each([
    ["40.4168,-3.7038", { lat: 40.4168, lng: -3.7038 }],
    [" 40.4168 , -3.7038 ", { lat: 40.4168, lng: -3.7038 }],
    ["-90,180", { lat: -90, lng: 180 }],
    ["91,0", null],
    ["40.4168 -3.7038", null],
    ["40.4;-3.7", null],
    ["a,b", null],
    ["1,2,3", null],
  ])("coordinate %s", (text, expected) => expect(parseCoordinate(text)).toEqual(expected));
  it.each([
    ["1700000000", 1_700_000_000_000],
    ["1700000000123", 1_700_000_000_123],
    ["17000000001234", null],
    ["-5", null],
    ["12ab", null],
  ])("unix timestamp %s", (text, expected) => expect(parseUnixTimestamp(text)).toBe(expected));
  it.each([
    ["3", 3, true],
    [" 3 ", 3, true],
    ["4", 3, false],
    ["", 0, false],
  ])("bulk delete typed %s for %s → %s", (typed, count, expected) =>
    expect(bulkDeleteConfirmed(typed, count)).toBe(expected),
  );
});

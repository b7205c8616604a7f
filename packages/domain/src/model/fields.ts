import { z } from "zod";
import {
  BEACON_N_MAX,
  BEACON_N_MIN,
  BEACON_POWER_MAX,
  BEACON_POWER_MIN,
  CIRCLE_RADIUS_MAX_M,
  CIRCLE_RADIUS_MIN_M,
  PASSWORD_MIN_LENGTH,
  PHOTO_MAX_BYTES,
  WIFI_INTERVAL_MIN_MINUTES,
} from "./constants.ts";

/**
 * Field rules. Messages are i18n keys: the web shows them translated,
 * the server returns them in 400 field errors.
 */

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, "password.tooShort")
  .regex(/[0-9]/, "password.needsDigit")
  .regex(/[a-z]/, "password.needsLower")
  .regex(/[A-Z]/, "password.needsUpper");

/** New password with its confirmation; when the old password is known it must differ. */
export const passwordChangeSchema = z
  .object({ oldPassword: z.string().optional(), password: passwordSchema, repeatPassword: z.string() })
  .refine((v) => v.password === v.repeatPassword, { message: "password.mismatch", path: ["repeatPassword"] })
  .refine((v) => v.oldPassword === undefined || v.oldPassword !== v.password, {
    message: "password.sameAsOld",
    path: ["password"],
  });

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The e-mail helper: an empty value passes (required-ness is checked separately). */
export const isValidEmail = (value: string): boolean => value === "" || EMAIL_PATTERN.test(value);
export const emailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN, "invalidEmail");
export const optionalEmailSchema = z.string().trim().refine(isValidEmail, "invalidEmail");

const URL_PATTERN = /^(https?|ftp):\/\/[^\s/$.?#].[^\s]*$/i;
export const isValidUrl = (value: string): boolean => URL_PATTERN.test(value);
export const urlSchema = z.string().trim().refine(isValidUrl, "invalidUrl");

/** Plates: upper-case letters, digits and hyphens; the lenient helper also takes underscores. */
export const PLATE_PATTERN = /^[A-Z0-9-]+$/;
export const PLATE_HELPER_PATTERN = /^[A-Z0-9_-]+$/;
export const plateSchema = z.string().min(1, "required").max(20).regex(PLATE_PATTERN, "invalidPlate");

export const colorSchema = z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "invalidColor");

export const circleRadiusSchema = z
  .number()
  .min(CIRCLE_RADIUS_MIN_M, "radius.range")
  .max(CIRCLE_RADIUS_MAX_M, "radius.range");

export const photoSizeSchema = z.number().int().nonnegative().max(PHOTO_MAX_BYTES, "photo.tooLarge");

export const wifiIntervalMinutesSchema = z.number().min(WIFI_INTERVAL_MIN_MINUTES, "wifi.intervalMin");

export const beaconSettingsSchema = z
  .object({
    receive: z.boolean(),
    emit: z.boolean(),
    measuredPower: z.number().min(BEACON_POWER_MIN, "beacon.power").max(BEACON_POWER_MAX, "beacon.power"),
    n: z.number().min(BEACON_N_MIN, "beacon.n").max(BEACON_N_MAX, "beacon.n"),
  })
  .refine((b) => !(b.receive && b.emit), { message: "beacon.receiveAndEmit", path: ["emit"] });

export const rangeSchema = z
  .object({ min: z.number(), max: z.number() })
  .refine((r) => r.min <= r.max, { message: "range.minOverMax", path: ["min"] });

/** "lat,lng" entry, as typed on the map tools. */
export function parseCoordinate(text: string): { lat: number; lng: number } | null {
  const parts = text.split(",");
  if (parts.length !== 2) return null;
  const [latText, lngText] = parts.map((p) => p.trim());
  if (!latText || !lngText) return null;
  const numeric = /^[-+]?\d+(\.\d+)?$/;
  if (!numeric.test(latText) || !numeric.test(lngText)) return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

/** A Unix timestamp entry: whole seconds (10 digits) or milliseconds (13 digits) naming a real instant. */
export function parseUnixTimestamp(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,13}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  const ms = trimmed.length <= 10 ? value * 1000 : value;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : ms;
}

/** A parent (group or reseller) may not be the item being edited. */
export function isValidParent(
  itemId: number | null | undefined,
  parentId: number | null | undefined,
): boolean {
  return (
    parentId === null ||
    parentId === undefined ||
    itemId === null ||
    itemId === undefined ||
    itemId !== parentId
  );
}

/** Bulk delete asks the user to type how many items will go. */
export function bulkDeleteConfirmed(typed: string, count: number): boolean {
  return count > 0 && typed.trim() === String(count);
}

/** Items need a group: at least one must exist and one must be chosen. */
export function groupChoiceError(
  existingGroups: number,
  chosen: readonly number[],
): "noGroupsExist" | "groupRequired" | null {
  if (existingGroups === 0) return "noGroupsExist";
  if (chosen.length === 0) return "groupRequired";
  return null;
}

/** Names that must be unique within a company (assets, persons); compared case-insensitively and trimmed. */
export function isUniqueName(name: string, others: readonly string[]): boolean {
  const key = name.trim().toLowerCase();
  return !others.some((o) => o.trim().toLowerCase() === key);
}

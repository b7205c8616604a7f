import { API_ERROR, errorDetails, isDuplicateEmailError } from "@vigia/domain";
import type { TFunction } from "i18next";
import { ApiError } from "./client.ts";

/**
 * The code of an API error's description: its first word, without the details some codes carry
 * ("expired.password;days:3"). The throttle's code has spaces.
 */
export function apiErrorCode(description: string): string {
  if (description.startsWith(API_ERROR.tooManyTries)) return API_ERROR.tooManyTries;
  return description.split(/[\s;(]/, 1)[0] ?? description;
}

/** The translation key of an error code: `apiErrors.<code with every run of non-alphanumerics as _>`. */
export const apiErrorKey = (code: string): string => `apiErrors.${code.replace(/[^A-Za-z0-9]+/g, "_")}`;

/**
 * The text of the API error dialog, toast or inline alert: the translated message of
 * every code the server answers; the code, description and URL only for an error nobody knows.
 */
export function apiErrorText(error: ApiError, t: TFunction): string {
  if (error.code === "offline") return t("errors.offline");
  if (isDuplicateEmailError(error.description)) return t("errors.duplicateEmail");
  if (error.status === 406) return t("errors.searchTooExtensive");
  // The sign-in throttle also guards password changes and reset requests.
  if (error.status === 429) return t("login.tooManyTries");
  // Details after the code ("licence.vehicles;limit:5") fill the message's placeholders.
  const known = t(apiErrorKey(apiErrorCode(error.description)), {
    ...errorDetails(error.description),
    defaultValue: "",
  });
  if (known) return known;
  return t("errors.generic", { status: error.status, description: error.description, url: error.url });
}

/** The inline text of any failure of a call: the API error's text, or "try again" for anything else thrown. */
export function failureText(error: unknown, t: TFunction): string {
  return error instanceof ApiError ? apiErrorText(error, t) : t("errors.tryAgain");
}

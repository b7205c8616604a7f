import { API_ERROR, isDuplicateEmailError } from "@vigia/domain";
import type { TFunction } from "i18next";
import type { ApiError } from "./client.ts";

/** The text of the API error dialog and toast (spec 01 §8 "Dialog text"). */
export function apiErrorText(error: ApiError, t: TFunction): string {
  if (error.code === "offline") return t("errors.offline");
  if (isDuplicateEmailError(error.description)) return t("errors.duplicateEmail");
  if (error.description.includes(API_ERROR.personAlreadyAssigned)) return t("errors.personAlreadyAssigned");
  if (error.status === 406) return t("errors.searchTooExtensive");
  // The sign-in throttle also guards password changes and reset requests.
  if (error.status === 429) return t("login.tooManyTries");
  return t("errors.generic", { status: error.status, description: error.description, url: error.url });
}

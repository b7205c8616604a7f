import { currentUserApi, type Language, type ProfileUpdate, type User } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

const EMPTY_BOUND = { active: false, southWest: null, northEast: null, zoom: null };

/** The profile form's values for a user (what PUT /current/user takes). Pure. */
export function profileOf(user: User): ProfileUpdate {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    language: user.language,
    timezone: user.timezone,
    config: { ...user.config, alarmFrontSound: user.config.alarmFrontSound },
    mapBound: user.mapBound ?? EMPTY_BOUND,
  };
}

/**
 * The language chosen in the user menu is the profile's language: it is saved there, so the profile shows
 * it and saving the profile no longer switches back (the menu only changed this browser before).
 */
export async function saveProfileLanguage(user: User, language: Language): Promise<User> {
  if (user.language === language) return user;
  return api.call(currentUserApi.update, { body: { ...profileOf(user), language } }, { quiet: true });
}

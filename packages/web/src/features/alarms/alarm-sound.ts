import { isResellerOrHigher, type User, usersApi, withAlarmSound } from "@vigia/domain";
import { api } from "../../platform/api/instance.ts";

/**
 * Saves the user's alarm-sound preference where it belongs: a reseller-level account through the
 * reseller-user endpoint, everyone else through the company user endpoint of their own company. The server
 * keeps it on the user, so the next sign-in (on any browser) starts with it.
 */
export async function saveAlarmSound(user: User, on: boolean): Promise<User> {
  const body = withAlarmSound(user, on);
  if (isResellerOrHigher(user.role) || user.companyId === null)
    return api.call(usersApi.resellerUpdate, { params: { id: user.id }, body }, { quiet: true });
  return api.call(
    usersApi.update,
    { params: { companyId: user.companyId, id: user.id }, body },
    { quiet: true },
  );
}

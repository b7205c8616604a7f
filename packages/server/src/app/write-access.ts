import type { WriteAccessTable } from "../kernel/http/write-access.ts";

const company = "/fr/v1/companies/id/:companyId";
const reseller = "/fr/v1/resellers/id/:resellerId";

/** Subadministrators and above write items, their devices and places (spec 01 §6, §2 Places menu). */
const subadmin = (paths: string[]) =>
  paths.flatMap((path) => [
    `POST ${company}/${path}`,
    `PUT ${company}/${path}/id/:id`,
    `DELETE ${company}/${path}/id/:id`,
  ]);

/**
 * Who may use each write route of the API, checked before the body is read (kernel/http/write-access).
 * Routes not listed are open to every signed-in user they are scoped to: their own profile and password,
 * marking notices seen, push subscriptions, reverse geocoding, a reseller's own user record.
 */
export const WRITE_ACCESS: WriteAccessTable = {
  ...Object.fromEntries(
    subadmin(["vehicles", "assets", "persons", "drivers", "worktimes", "geozones", "pois", "layers"]).map(
      (key) => [key, "subadmin"],
    ),
  ),
  [`POST ${company}/geozones/import`]: "subadmin",
  [`POST ${company}/pois/import`]: "subadmin",
  [`PUT ${company}/:kind/id/:id/customState`]: "subadmin",
  [`PUT ${company}/trackers/id/:id`]: "subadmin",
  [`PUT ${company}/trackers/id/:id/item`]: "subadmin",

  [`POST ${company}/groups`]: "admin",
  [`PUT ${company}/groups/id/:id`]: "admin",
  [`DELETE ${company}/groups/id/:id`]: "admin",
  [`PUT ${company}/states`]: "admin",
  [`PUT ${company}/customdatas`]: "admin",
  [`PUT ${company}/sensorsettings`]: "admin",
  [`POST ${company}/users`]: "admin",
  [`PUT ${company}/users/id/:id`]: "admin",
  [`DELETE ${company}/users/id/:id`]: "admin",
  [`POST ${company}/users/deletebulk`]: "admin",
  [`POST ${company}/users/import`]: "admin",
  [`POST ${company}/alarms`]: "admin",
  [`PUT ${company}/alarms/id/:id`]: "admin",
  [`DELETE ${company}/alarms/id/:id`]: "admin",
  [`DELETE ${company}/alarmlogs/id/:id`]: "admin",

  // Commands from the map: admins, and operators where the company allows it (commands/routes.ts adds that).
  [`POST ${company}/commands/:itemType/id/:itemId`]: "write",
  [`PUT ${company}/alarmlogs/id/:id`]: "write",
  [`POST ${company}/alarmlogs/updatebulk`]: "write",

  // Reseller routes already require a reseller-level role (onRequest); read-only resellers may not write.
  "POST /fr/v1/resellers": "write",
  "POST /fr/v1/resellers/users": "write",
  "DELETE /fr/v1/resellers/users/id/:id": "write",
  "DELETE /fr/v1/resellers/unknowndevices/id/:id": "write",
  [`PUT ${reseller}`]: "write",
  [`DELETE ${reseller}`]: "write",
  [`POST ${reseller}/trackers`]: "write",
  [`PUT ${reseller}/trackers/id/:id`]: "write",
  [`DELETE ${reseller}/trackers/id/:id`]: "write",
  [`PUT ${reseller}/trackers/id/:id/company`]: "write",
  [`PUT ${reseller}/trackers/id/:id/item`]: "write",
  [`POST ${reseller}/trackers/import`]: "write",
  [`POST ${reseller}/trackers/deletebulk`]: "write",
  [`POST ${reseller}/companies`]: "write",
  [`PUT ${reseller}/companies/id/:id`]: "write",
  [`DELETE ${reseller}/companies/id/:id`]: "write",
  [`PUT ${reseller}/alarmlogs/id/:id`]: "write",
  [`POST ${reseller}/cras`]: "write",
};

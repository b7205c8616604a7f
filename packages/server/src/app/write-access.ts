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
    subadmin([
      "cameras",
      "vehicles",
      "assets",
      "persons",
      "drivers",
      "worktimes",
      "geozones",
      "pois",
      "layers",
      "imaps",
      "ibeacons",
      "beaconzones",
    ]).map((key) => [key, "subadmin"]),
  ),
  [`POST ${company}/geozones/import`]: "subadmin",
  [`POST ${company}/geozones/corridor`]: "subadmin",
  [`POST ${company}/pois/import`]: "subadmin",
  [`POST ${company}/ibeacons/import`]: "subadmin",
  [`PUT ${company}/:kind/id/:id/customState`]: "subadmin",
  [`PUT ${company}/trackers/id/:id`]: "subadmin",
  [`PUT ${company}/trackers/id/:id/item`]: "subadmin",

  [`POST ${company}/groups`]: "admin",
  [`PUT ${company}/groups/id/:id`]: "admin",
  [`DELETE ${company}/groups/id/:id`]: "admin",
  [`PUT ${company}/states`]: "admin",
  [`PUT ${company}/customdatas`]: "admin",
  [`PUT ${company}/sensorsettings`]: "admin",
  [`PUT ${company}/appconfig`]: "admin",
  [`PUT ${company}/appconfig/devices/id/:id`]: "admin",
  [`POST ${company}/users`]: "admin",
  // Every user saves their own alarm sound here (spec 02 §6); the route keeps everything else to administrators.
  [`PUT ${company}/users/id/:id`]: "adminOrSelf",
  [`DELETE ${company}/users/id/:id`]: "admin",
  [`POST ${company}/users/deletebulk`]: "admin",
  [`POST ${company}/users/import`]: "admin",
  [`POST ${company}/alarms`]: "admin",
  [`PUT ${company}/alarms/id/:id`]: "admin",
  [`DELETE ${company}/alarms/id/:id`]: "admin",
  [`DELETE ${company}/alarmlogs/id/:id`]: "admin",
  [`POST ${company}/periodic`]: "admin",
  [`PUT ${company}/periodic/id/:id`]: "admin",
  [`DELETE ${company}/periodic/id/:id`]: "admin",

  // Commands from the map: admins, and operators where the company allows it (commands/routes.ts adds that).
  [`POST ${company}/commands/:itemType/id/:itemId`]: "write",
  [`PUT ${company}/alarmlogs/id/:id`]: "write",
  [`POST ${company}/alarmlogs/updatebulk`]: "write",
  // Shared-route links and virtual locks: any user who may write (operators too, spec 01 §2 map modals).
  [`POST ${company}/sharedroutes`]: "write",
  [`DELETE ${company}/sharedroutes/id/:id`]: "write",
  // Map markers: a read-only user writes nothing, personal markers included (issue 18).
  [`POST ${company}/mapmarkers`]: "write",
  [`DELETE ${company}/mapmarkers/id/:id`]: "write",
  [`PUT ${company}/virtuallocks/:itemType/id/:itemId`]: "write",
  [`DELETE ${company}/virtuallocks/:itemType/id/:itemId`]: "write",

  // Attachments belong to tickets, revisions and costs: read-only operators may add them too.
  [`POST ${company}/files`]: "tickets",
  [`DELETE ${company}/files/id/:id`]: "tickets",
  // Costs: operators write them even when read-only (spec 01 §6).
  [`POST ${company}/costs`]: "costs",
  [`PUT ${company}/costs/id/:id`]: "costs",
  [`DELETE ${company}/costs/id/:id`]: "costs",
  [`POST ${company}/costs/deletebulk`]: "costs",
  [`POST ${company}/costs/import`]: "costs",
  // Tickets: every user with the company, operators even when read-only (spec 01 §6); forms: administrators.
  [`POST ${company}/tickets`]: "tickets",
  [`PUT ${company}/tickets/id/:id`]: "tickets",
  [`PUT ${company}/tickets/id/:id/state`]: "tickets",
  [`POST ${company}/tickets/id/:id/comments`]: "tickets",
  [`POST ${company}/tickets/id/:id/tasks`]: "tickets",
  [`PUT ${company}/tickets/id/:id/tasks/id/:taskId`]: "tickets",
  [`POST ${company}/incidents/ticket`]: "tickets",
  [`POST ${company}/alarmlogs/id/:logId/ticket`]: "tickets",
  [`POST ${company}/forms`]: "admin",
  [`PUT ${company}/forms/id/:id`]: "admin",
  [`DELETE ${company}/forms/id/:id`]: "admin",
  [`POST ${company}/forms/id/:id/submissions`]: "write",
  // Revisions: every user who may write (operators included), inside their groups.
  [`POST ${company}/maintenances`]: "write",
  [`PUT ${company}/maintenances/id/:id`]: "write",
  [`DELETE ${company}/maintenances/id/:id`]: "write",
  [`POST ${company}/maintenances/id/:id/done`]: "write",
  [`POST ${company}/maintenances/id/:id/undone`]: "write",

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
  [`POST ${reseller}/tickets/id/:id/comments`]: "write",
  [`PUT ${reseller}/tickets/id/:id/state`]: "write",
  [`PUT ${company}/otp`]: "admin",
  [`POST ${company}/apikeys`]: "admin",
  [`DELETE ${company}/apikeys/id/:id`]: "admin",
  [`POST ${reseller}/supports`]: "write",
  [`PUT ${reseller}/supports/id/:id`]: "write",
  [`DELETE ${reseller}/supports/id/:id`]: "write",
  [`POST ${reseller}/supports/id/:id/photo`]: "write",
  [`DELETE ${reseller}/supports/id/:id/photo`]: "write",
  [`PUT ${reseller}/otp`]: "write",
  // Itineraries: reseller-level users of the selected company (spec 01 §6).
  [`POST ${company}/itineraries`]: "reseller",
  [`PUT ${company}/itineraries/id/:id`]: "reseller",
  [`DELETE ${company}/itineraries/id/:id`]: "reseller",
  [`POST ${company}/forwarding`]: "admin",
  [`PUT ${company}/forwarding/id/:id`]: "admin",
  [`DELETE ${company}/forwarding/id/:id`]: "admin",
  [`POST ${company}/forwarding/id/:id/retry`]: "admin",
};

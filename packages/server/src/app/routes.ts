import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { alarmRoutes, resellerAlarmRoutes } from "../alarms/index.ts";
import { apiKeyRoutes, auditApiKeyCalls } from "../api-keys/index.ts";
import { appConfigRoutes, deviceAppConfigRoutes } from "../app-config/index.ts";
import { auditRoutes } from "../audit/index.ts";
import { authRoutes } from "../auth/index.ts";
import { cameraRoutes } from "../cameras/index.ts";
import { cellRoutes, unlocatedRoutes } from "../cells/index.ts";
import { commandRoutes } from "../commands/index.ts";
import { companyRoutes } from "../companies/index.ts";
import { registerCompanyAdminRoutes, registerResellerAdminRoutes } from "../companies-admin/index.ts";
import { costRoutes } from "../costs/index.ts";
import { currentUserRoutes } from "../current-user/index.ts";
import { companyDeviceRoutes, registerResellerDeviceRoutes } from "../devices/index.ts";
import { deviceMediaRoutes, eventMediaRoutes } from "../event-media/index.ts";
import { fileRoutes } from "../files/index.ts";
import { deviceFileRoutes, deviceFormRoutes, formRoutes } from "../forms/index.ts";
import { forwardingRoutes } from "../forwarding/index.ts";
import { groupRoutes } from "../groups/index.ts";
import { beaconZoneRoutes, indoorRoutes } from "../indoor/index.ts";
import { workerAppRoutes } from "../ingest/index.ts";
import { insightsRoutes } from "../insights/index.ts";
import { assetRoutes, driverRoutes, personRoutes } from "../items/index.ts";
import { deviceItineraryRoutes, itineraryProgressRoutes, itineraryRoutes } from "../itineraries/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { authenticateRequest } from "../kernel/http/authenticate.ts";
import { companyScopeHook } from "../kernel/http/company-scope.ts";
import { resellerScopeHook, resellerScopeOf } from "../kernel/http/reseller-scope.ts";
import { liveRoutes } from "../live/index.ts";
import { maintenanceRoutes } from "../maintenance/index.ts";
import { mapProviderRoutes } from "../map-tiles/index.ts";
import { mapToolRoutes } from "../map-tools/index.ts";
import { periodicRoutes } from "../periodic/index.ts";
import { placesRoutes } from "../places/index.ts";
import { reportRoutes } from "../reports/index.ts";
import { oneResellerRoutes, resellerRoutes } from "../resellers/index.ts";
import { routingRoutes } from "../routing/index.ts";
import { sensorRoutes } from "../sensors/index.ts";
import { sharedRouteViewRoutes, sharingRoutes } from "../sharing/index.ts";
import { brandImageRoutes, brandImageViewRoutes, brandRoutes, siteRoutes } from "../sites/index.ts";
import { superLogRoutes } from "../super-log/index.ts";
import { supportPhotoRoutes, supportPhotoViewRoutes, supportRoutes } from "../supports/index.ts";
import { deviceTicketRoutes, resellerTicketRoutes, ticketRoutes } from "../tickets/index.ts";
import { twoFactorCompanyRoutes, twoFactorResellerRoutes, twoFactorUserRoutes } from "../two-factor/index.ts";
import { companyUserRoutes, resellerUserRoutes, unsubscribeRoutes } from "../users/index.ts";
import { usersStatsRoutes } from "../users-stats/index.ts";
import { vehicleRoutes } from "../vehicles/index.ts";
import { virtualLockRoutes } from "../virtual-locks/index.ts";
import { worktimeRoutes } from "../worktimes/index.ts";
import type { Services } from "./services.ts";

/**
 * The route tree under /fr/v1: which capability answers where, behind which hook. The only place that
 * mounts capabilities' routes; each plugin gets the kernel context plus the services it names.
 */
export function apiRoutes(ctx: KernelContext, services: Services): FastifyPluginAsyncZod {
  const { mailer, sessions } = services;
  return async (api) => {
    await api.register(siteRoutes(ctx));
    await api.register(authRoutes({ ...ctx, mailer, sessions }));
    await api.register(unsubscribeRoutes(ctx));
    // The worker app authenticates as its device (id and key), not as a user.
    await api.register(deviceAppConfigRoutes(ctx));
    await api.register(workerAppRoutes({ ...ctx, queue: services.processor, devices: services.registry }));
    await api.register(deviceTicketRoutes({ ...ctx, live: services.live, mailer, files: services.files }));
    await api.register(deviceFormRoutes({ ...ctx, files: services.files }));
    await api.register(
      deviceItineraryRoutes({ ...ctx, tracks: services.tracks, timeZones: services.timeZones }),
    );
    await api.register(deviceFileRoutes({ ...ctx, files: services.files }));
    await api.register(deviceMediaRoutes({ ...ctx, files: services.files }));
    await api.register(supportPhotoViewRoutes({ ...ctx, files: services.files }));
    await api.register(brandImageViewRoutes({ ...ctx, files: services.files }));
    await api.register(sharedRouteViewRoutes({ ...ctx, live: services.live, timeZones: services.timeZones }));
    await api.register(mapProviderRoutes(ctx));
    await api.register(async (secured) => {
      secured.addHook("onRequest", authenticateRequest(ctx));
      // Before the answer leaves (not after): a caller that reads the audit log next finds its own call there.
      secured.addHook("onSend", auditApiKeyCalls(ctx));
      await secured.register(currentUserRoutes({ ...ctx, sessions }));
      await secured.register(twoFactorUserRoutes(ctx));
      await secured.register(companyTree(ctx, services), { prefix: "/companies/id/:companyId" });
      await secured.register(resellerTree(ctx, services), { prefix: "/resellers" });
    });
  };
}

/** Everything under /companies/id/:companyId; the company scope hook runs first for all of it. */
function companyTree(ctx: KernelContext, services: Services): FastifyPluginAsyncZod {
  const {
    live,
    mailer,
    alarms,
    tracks,
    geocoder,
    egress,
    sessions,
    deviceCommands,
    reportJobs,
    forwarder,
    files,
    beacons,
    zones,
    timeZones,
    maintenance,
  } = services;
  // The alarm engine of every node follows the company's itineraries: it reads them again after a write.
  const itinerariesChanged = (companyId: number) => alarms.invalidate(companyId);
  // Items, devices and companies take their stored files with them when deleted.
  const items = { ...ctx, live, files };
  return async (app) => {
    app.decorateRequest("companyScope", null);
    // onRequest, before body validation: a foreign tenant learns nothing, not even which fields are wrong.
    app.addHook("onRequest", companyScopeHook(ctx));
    await app.register(companyRoutes(ctx));
    await app.register(liveRoutes({ ...ctx, tracks, geocoder }));
    await app.register(vehicleRoutes(items));
    await app.register(assetRoutes(items));
    await app.register(personRoutes(items));
    await app.register(driverRoutes({ ...items, timeZones }));
    await app.register(groupRoutes({ ...items, sessions }));
    await app.register(worktimeRoutes({ ...ctx, live }));
    await app.register(sensorRoutes(ctx));
    await app.register(companyUserRoutes({ ...ctx, mailer, sessions }));
    await app.register(companyDeviceRoutes(items));
    await app.register(auditRoutes(ctx));
    await app.register(alarmRoutes({ ...ctx, alarms }));
    await app.register(placesRoutes({ ...ctx, live, egress, zones }));
    await app.register(commandRoutes({ ...ctx, deviceCommands }));
    await app.register(unlocatedRoutes(ctx));
    await app.register(reportRoutes({ ...ctx, geocoder, jobs: reportJobs }));
    await app.register(ticketRoutes({ ...ctx, live, mailer, files }));
    await app.register(formRoutes({ ...ctx, files }));
    await app.register(twoFactorCompanyRoutes({ ...ctx, sessions: services.sessions }));
    await app.register(apiKeyRoutes(ctx));
    await app.register(cameraRoutes({ ...ctx, egress }));
    await app.register(eventMediaRoutes({ ...ctx, files }));
    await app.register(forwardingRoutes({ ...ctx, forwarder }));
    await app.register(fileRoutes({ ...ctx, files }));
    await app.register(costRoutes(ctx));
    await app.register(indoorRoutes({ ...ctx, beacons }));
    await app.register(beaconZoneRoutes({ ...ctx, beacons }));
    await app.register(sharingRoutes({ ...items, sharedChannel: services.sharedChannel }));
    await app.register(virtualLockRoutes({ ...items, alarms }));
    await app.register(routingRoutes({ ...items, egress }));
    await app.register(maintenanceRoutes({ ...ctx, files, checker: maintenance }));
    await app.register(periodicRoutes(ctx));
    await app.register(insightsRoutes({ ...ctx, timeZones }));
    await app.register(itineraryRoutes({ ...ctx, tracks, itinerariesChanged, zones, timeZones }));
    await app.register(mapToolRoutes({ ...ctx, tracks, live }));
    await app.register(itineraryProgressRoutes({ ...ctx, tracks, timeZones }));
    await app.register(appConfigRoutes(ctx));
  };
}

/** Everything under /resellers (reseller-level routes, as their contracts say), one reseller subtree under /id/:resellerId. */
function resellerTree(ctx: KernelContext, services: Services): FastifyPluginAsyncZod {
  const { live, mailer, alarms, sessions, files, timeZones } = services;
  const items = { ...ctx, live, files };
  const itinerariesChanged = (companyId: number) => alarms.invalidate(companyId);
  const timeZonesChanged = (companyId: number | null) => timeZones.invalidate(companyId);
  return async (app) => {
    app.decorateRequest("resellerScope", null);
    await app.register(resellerRoutes(ctx));
    await app.register(cellRoutes(ctx));
    await app.register(superLogRoutes(ctx));
    await app.register(usersStatsRoutes(ctx));
    registerResellerAdminRoutes(app, { ...items, sessions, itinerariesChanged, timeZonesChanged });
    await app.register(resellerUserRoutes({ ...ctx, mailer, sessions }));
    await app.register(
      async (one) => {
        one.addHook("onRequest", resellerScopeHook(ctx));
        await one.register(oneResellerRoutes(ctx));
        registerResellerDeviceRoutes(one, items, resellerScopeOf);
        registerCompanyAdminRoutes(
          one,
          { ...items, sessions, itinerariesChanged, timeZonesChanged },
          resellerScopeOf,
        );
        await one.register(resellerAlarmRoutes({ ...ctx, alarms }));
        await one.register(resellerTicketRoutes({ ...ctx, live, mailer, files }));
        await one.register(supportRoutes(ctx));
        await one.register(supportPhotoRoutes({ ...ctx, files }));
        await one.register(brandRoutes({ ...ctx, files, timeZonesChanged }));
        await one.register(brandImageRoutes({ ...ctx, files }));
        await one.register(twoFactorResellerRoutes(ctx));
      },
      { prefix: "/id/:resellerId" },
    );
  };
}

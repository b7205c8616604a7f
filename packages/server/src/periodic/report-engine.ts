import type { Readable } from "node:stream";
import type { ReverseGeocoder } from "../geocoding/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { loadPrincipal } from "../kernel/tenancy/principal.ts";
import { resolveCompanyScope } from "../kernel/tenancy/scope.ts";
import { renderReportFile } from "../reports/index.ts";
import type { RenderReport, ReportRequest } from "./render.ts";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * Periodic runs render through the report engine, with the scope of the administrator who owns the schedule:
 * a run reads no more than its owner may (an owner who lost access makes the run fail, visibly).
 */
export function reportEngineRenderer(ctx: KernelContext, geocoder: ReverseGeocoder): RenderReport {
  return async (request: ReportRequest) => {
    const principal = request.ownerUserId === null ? null : await loadPrincipal(ctx.db, request.ownerUserId);
    if (!principal) throw new Error("the schedule's owner no longer exists");
    const scope = await resolveCompanyScope(ctx.db, principal, request.companyId);
    // The PDF's header names the company's brand (inherited up its reseller tree).
    const siteName = await ctx.links.brandNameForCompany(request.companyId);
    const s = request.selection;
    const file = await renderReportFile(
      { db: ctx.db, geocoder, now: ctx.clock.now(), siteName },
      scope,
      {
        type: request.reportType,
        groupsId: s.groupIds,
        vehiclesId: s.vehicleIds,
        assetsId: s.assetIds,
        personsId: s.personIds,
        driversId: s.driverIds,
        events: [],
        sensors: [],
        readableAddresses: true,
        showGeozones: false,
        showPois: false,
        zoneIds: [],
        ranges: { maxSpeed: 0, minStopTime: 0, offlineTime: 0, inactivityTime: 0 },
        timeLimits: { from: request.fromTs, to: request.toTs },
        days: [0, 1, 2, 3, 4, 5, 6],
        format: request.format,
        name: request.title,
        lang: request.lang,
        timezone: request.timezone,
      },
      request.format,
    );
    return { filename: file.fileName, contentType: file.contentType, content: await readAll(file.stream) };
  };
}

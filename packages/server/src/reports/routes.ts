import { companyApi, reportsApi, reportTypesCatalogue } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ReverseGeocoder } from "../geocoding/index.ts";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { ApiError, notFound } from "../kernel/errors.ts";
import { scopeOf } from "../kernel/http/company-scope.ts";
import { siteForHost } from "../sites/index.ts";
import { prepareReport, runReport } from "./engine.ts";
import type { ReportJobs } from "./jobs.ts";
import { resultFile } from "./render.ts";

/**
 * Reports under /companies/id/:companyId.
 * The catalogue is part of the company load and answers every user; the jobs' contracts declare
 * `subadminRead`, checked before the body is read, so an operator learns nothing from a 400.
 */
export function reportRoutes(
  ctx: KernelContext & { geocoder: ReverseGeocoder; jobs: ReportJobs },
): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, companyApi.reportTypes, async () => reportTypesCatalogue());

    await app.register(async (guarded) => {
      mountRoute(guarded, reportsApi.startJob, async (request) => {
        const scope = scopeOf(request);
        if (!(await ctx.jobs.canStart(scope.principal.userId)))
          throw new ApiError(429, "reports.tooManyJobs");
        // Selection and limits before the job exists: a too broad search is a 406 and no work is done.
        const prepared = await prepareReport(ctx.db, scope, request.body);
        const { name, lang, timezone } = request.body;
        return await ctx.jobs.start(
          { companyId: scope.companyId, userId: scope.principal.userId, name, lang, timezone },
          (step) => runReport(prepared, { db: ctx.db, geocoder: ctx.geocoder, now: ctx.clock.now(), step }),
        );
      });

      mountRoute(guarded, reportsApi.job, async (request) => {
        const scope = scopeOf(request);
        const entry = await ctx.jobs.get(request.params.jobId, scope.companyId, scope.principal.userId);
        if (!entry) throw notFound();
        return entry.job;
      });

      mountRoute(guarded, reportsApi.cancelJob, async (request) => {
        const scope = scopeOf(request);
        if (!(await ctx.jobs.cancel(request.params.jobId, scope.companyId, scope.principal.userId)))
          throw notFound();
      });

      mountRoute(guarded, reportsApi.file, async (request, reply) => {
        const scope = scopeOf(request);
        const { jobId } = request.params;
        // A job this node runs is waited for; one another node runs answers 409 until it is done (the web
        // app asks for files only once the job is done).
        await ctx.jobs.settled(jobId);
        const entry = await ctx.jobs.get(jobId, scope.companyId, scope.principal.userId);
        if (!entry) throw notFound();
        const job = entry.job;
        if (!job.result) throw new ApiError(409, job.error ?? "report.notReady");
        const site = await siteForHost(ctx.db, request.headers.host);
        const file = resultFile(job.result, request.query.format, {
          name: entry.name,
          lang: entry.lang,
          timezone: entry.timezone,
          siteName: site.name,
        });
        reply
          .header("content-type", file.contentType)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .header("cache-control", "no-store");
        return reply.send(file.stream);
      });
    });
  };
}

import { siteApi } from "@vigia/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KernelContext } from "../kernel/context.ts";
import { mountRoute } from "../kernel/contract.ts";
import { productName } from "./index-html.ts";
import { siteForHost } from "./sites.ts";

/** Public branding of the site the browser is on, chosen by Host header. */
export function siteRoutes(ctx: KernelContext): FastifyPluginAsyncZod {
  return async (app) => {
    mountRoute(app, siteApi.get, async (request) => {
      const site = await siteForHost(ctx.db, request.host);
      return {
        id: site.id,
        sitename: site.name,
        timezone: site.timezone,
        logoUrl: site.logoUrl || "/logo.svg",
        faviconUrl: site.faviconUrl,
        primaryColor: site.primaryColor,
        productName: productName(site),
        apps: {
          apkUrl: site.branding.apps?.apkUrl ?? "",
          ipaUrl: site.branding.apps?.ipaUrl ?? "",
          playStoreUrl: site.branding.apps?.playStoreUrl ?? "",
          appStoreUrl: site.branding.apps?.appStoreUrl ?? "",
          changelog: site.branding.apps?.changelog ?? "",
        },
        mapProvider: site.branding.mapProvider ?? "",
      };
    });
    mountRoute(app, siteApi.terms, async (request) => {
      const site = await siteForHost(ctx.db, request.host);
      const terms = site.branding.terms?.trim();
      return {
        terms: terms ? terms : null,
        privacy: site.privacy.trim(),
        supportEmail: site.supportEmail,
        supportPhone: site.supportPhone,
      };
    });
  };
}

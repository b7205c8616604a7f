import type { Queryable } from "../kernel/db/database.ts";

/** The demo reseller's brand: its texts, app links, logo and favicon. */

/** The second demo site shows its own terms of use and worker app links (/useterms, the info modal's Apps tab). */
export const IBERIA_BRANDING = {
  terms:
    "# Condiciones de uso de Iberia Tracking\n\nEl servicio se presta a empresas clientes de Iberia Tracking.\n\n- Los datos de posición se conservan 12 meses.\n- El soporte atiende de lunes a viernes, de 8:00 a 18:00.\n\nMás información en [la ayuda](/help/web).",
  apps: {
    playStoreUrl: "https://play.google.com/store/apps/details?id=demo.iberia.worker",
    appStoreUrl: "https://apps.apple.com/app/id000000000",
    apkUrl: "/downloads/iberia-worker.apk",
    changelog: "2.4.0\n- Formularios sin conexión\n- Fichaje con baliza\n\n2.3.2\n- Correcciones de batería",
  },
};

/**
 * The demo brand's own logo, drawn here: an orange shield with a white road bending through it and the brand's
 * initials. Kept as a data link so the demo needs no file store to show it.
 */
const IBERIA_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40">
<path d="M4 4h28v18c0 8-6 13-14 16C10 35 4 30 4 22z" fill="#c2410c"/>
<path d="M12 34c2-8 10-10 10-18" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>
<text x="40" y="27" font-family="Arial, Helvetica, sans-serif" font-size="18" font-weight="700" fill="#7c2d12">IBERIA</text>
<text x="108" y="27" font-family="Arial, Helvetica, sans-serif" font-size="12" fill="#c2410c">tracking</text>
</svg>`;
const IBERIA_FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
<path d="M3 2h26v16c0 7-6 11-13 13C9 29 3 25 3 18z" fill="#c2410c"/>
<path d="M11 28c2-7 9-9 9-16" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>
</svg>`;
const svgData = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
export const IBERIA_LOGO = svgData(IBERIA_LOGO_SVG);
export const IBERIA_FAVICON = svgData(IBERIA_FAVICON_SVG);

/**
 * Gives a demo database seeded by an older version the Iberia brand's own images and colour: those versions
 * seeded it with the product's logo (`/logo.svg`) or none, no favicon and no colour. Only a brand still showing
 * that old logo changes, so a logo a reseller uploaded since is kept, and running it at every start changes
 * nothing more.
 */
export async function refreshDemoBrand(db: Queryable): Promise<void> {
  await db.query(
    `update sites s set logo_url = $1,
       favicon_url = case when s.favicon_url = '' then $2 else s.favicon_url end,
       primary_color = coalesce(s.primary_color, '#c2410c')
     from site_hosts h
     where h.site_id = s.id and h.host = 'iberia.localhost' and s.logo_url in ('', '/logo.svg')`,
    [IBERIA_LOGO, IBERIA_FAVICON],
  );
}

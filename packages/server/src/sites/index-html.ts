import type { Site } from "./sites.ts";

/**
 * The single page's index.html as served on a brand's host: its title, favicon and accent colour are the
 * brand's before any script runs, so the first paint never shows the product's default brand.
 */

/** The name the brand gives the product (window title, manual): its own, else the site's name. */
export const productName = (site: Pick<Site, "name" | "productName">): string =>
  site.productName.trim() || site.name;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The accent colour as the UI library's primary-colour variables (filled buttons, links, focus). */
const colorVariables = (color: string): string =>
  ["--vigia-brand-color", "--mantine-primary-color-filled", "--mantine-primary-color-filled-hover"]
    .map((name) => `${name}:${color}`)
    .join(";");

const ICON_LINK = /<link rel="icon"[^>]*>/;
const TITLE = /<title>[^<]*<\/title>/;

export function brandedIndexHtml(html: string, site: Site): string {
  const title = `<title>${escapeHtml(productName(site))}</title>`;
  let out = html.replace(TITLE, title);
  if (site.faviconUrl !== "")
    out = out.replace(ICON_LINK, `<link rel="icon" href="${escapeHtml(site.faviconUrl)}" />`);
  const meta = [
    `<meta name="vigia-brand" content="${escapeHtml(site.name)}" />`,
    ...(site.primaryColor
      ? [
          `<meta name="theme-color" content="${escapeHtml(site.primaryColor)}" />`,
          // Doubled :root outranks the variables the UI library declares on :root once it starts.
          `<style>:root:root{${colorVariables(escapeHtml(site.primaryColor))}}</style>`,
        ]
      : []),
  ].join("\n    ");
  return out.replace("</head>", `  ${meta}\n  </head>`);
}

import type { Site } from "@vigia/domain";

/** The accent colour as the UI library's primary-colour variables (the server's index.html sets the same). */
const COLOR_VARIABLES = [
  "--vigia-brand-color",
  "--mantine-primary-color-filled",
  "--mantine-primary-color-filled-hover",
] as const;

/**
 * Shows the site's brand in the browser's chrome: the window title is the brand's product name and the
 * favicon its own. The server already wrote both into index.html for the host; this keeps them right when
 * the page was served otherwise (development server, a cached page).
 */
export function applySiteBrand(site: Site, doc: Document = document): void {
  doc.title = site.productName;
  if (site.faviconUrl) {
    let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = doc.createElement("link");
      link.rel = "icon";
      doc.head.appendChild(link);
    }
    link.removeAttribute("type");
    link.href = site.faviconUrl;
  }
  for (const name of COLOR_VARIABLES) {
    if (site.primaryColor) doc.documentElement.style.setProperty(name, site.primaryColor);
    else doc.documentElement.style.removeProperty(name);
  }
}

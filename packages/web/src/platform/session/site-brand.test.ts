import type { Site } from "@vigia/domain";
import { describe, expect, it } from "vitest";
import { applySiteBrand } from "./site-brand.ts";

const site = (over: Partial<Site>): Site => ({
  id: 2,
  sitename: "Iberia Tracking",
  timezone: "Europe/Madrid",
  logoUrl: "/logo.svg",
  faviconUrl: "",
  primaryColor: null,
  productName: "Iberia Tracking",
  apps: { apkUrl: "", ipaUrl: "", playStoreUrl: "", appStoreUrl: "", changelog: "" },
  mapProvider: "",
  ...over,
});

const freshDocument = () => {
  const doc = document.implementation.createHTMLDocument("Vigia");
  const icon = doc.createElement("link");
  icon.rel = "icon";
  icon.type = "image/svg+xml";
  icon.href = "/favicon.svg";
  doc.head.appendChild(icon);
  return doc;
};

describe("the site's brand in the browser's chrome", () => {
  it("sets the title, the favicon and the accent colour of a brand", () => {
    const doc = freshDocument();
    applySiteBrand(
      site({ productName: "Flota 53", faviconUrl: "/fr/v1/brand-images/9/abc", primaryColor: "#0f766e" }),
      doc,
    );
    expect(doc.title).toBe("Flota 53");
    const icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
    expect(icon?.getAttribute("href")).toBe("/fr/v1/brand-images/9/abc");
    expect(icon?.hasAttribute("type")).toBe(false);
    expect(doc.documentElement.style.getPropertyValue("--mantine-primary-color-filled")).toBe("#0f766e");
  });

  it("keeps the product's favicon and colour when the brand has none", () => {
    const doc = freshDocument();
    doc.documentElement.style.setProperty("--mantine-primary-color-filled", "#123456");
    applySiteBrand(site({}), doc);
    expect(doc.title).toBe("Iberia Tracking");
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute("href")).toBe("/favicon.svg");
    expect(doc.documentElement.style.getPropertyValue("--mantine-primary-color-filled")).toBe("");
  });
});

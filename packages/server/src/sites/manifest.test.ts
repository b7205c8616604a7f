import { describe, expect, it } from "vitest";
import { brandedManifest, type WorkerManifest } from "./manifest.ts";

const built: WorkerManifest = {
  name: "Vigia",
  short_name: "Vigia",
  start_url: "/app/",
  display: "standalone",
  scope: "/app/",
  icons: [{ src: "/app/icon-192.png", sizes: "192x192", type: "image/png" }],
};

describe("worker app manifest", () => {
  it("takes the site's name, short enough for a home screen, and keeps the rest as built", () => {
    const m = brandedManifest(built, "Transportes Ibéricos del Norte");
    expect(m.name).toBe("Transportes Ibéricos del Norte");
    expect(m.short_name).toBe("Transportes");
    expect(m).toMatchObject({
      start_url: "/app/",
      display: "standalone",
      scope: "/app/",
      icons: built.icons,
    });
    expect(brandedManifest(built, "Acme").short_name).toBe("Acme");
  });

  it("keeps the built name for a site without one", () => {
    expect(brandedManifest(built, "  ").name).toBe("Vigia");
  });
});

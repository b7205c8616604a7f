import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { BrandingPage } from "./branding-page.tsx";

const session = testSession(testUser({ role: "RESELLER", companyId: null, resellerId: 2 }));

const brand = {
  id: 7,
  name: "Iberia Tracking",
  hosts: ["iberia.localhost"],
  primaryColor: "#c2410c",
  origin: "https://flota.iberia.test",
  resellerId: 2,
  assigned: true,
  logoUrl: "/fr/v1/brand-images/3/0d7c1c3e-0000-4000-8000-000000000001",
  faviconUrl: "",
  supportEmail: "",
  supportPhone: "",
  apps: { apkUrl: "", ipaUrl: "", playStoreUrl: "", appStoreUrl: "" },
  terms: "",
  privacy: "",
  productName: "Iberia Fleet",
  timezone: "Europe/Madrid",
  mapProvider: "",
};

const providers = [
  { id: "world", kind: "offline", name: "World", url: null, attribution: "", isDefault: true },
  {
    id: "topo",
    kind: "raster",
    name: "Topographic",
    url: "https://t/{z}/{x}/{y}.png",
    attribution: "",
    isDefault: false,
  },
];

/** GET brands answers the list; `served` resolves once it was asked, so the test waits on the call itself. */
function serve(body: unknown): Promise<void> {
  return new Promise((served) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.endsWith("/fr/v1/map/providers"))
          return new Response(JSON.stringify(providers), { status: 200 });
        if (url.endsWith("/fr/v1/resellers/id/2/brands")) served();
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
  });
}

beforeAll(() => {
  useEnglish();
  // jsdom has no font loading API; the autosizing text areas (terms, privacy) listen to it for re-measuring.
  if (!("fonts" in document))
    Object.defineProperty(document, "fonts", { value: new EventTarget(), configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

describe("BrandingPage", () => {
  it("lists the reseller's brands and previews the header as the form changes", async () => {
    const served = serve([brand]);
    renderWithApp(<BrandingPage />, { session, query: true });
    await served;
    const row = await screen.findByTestId("table-row");
    expect(row.textContent).toContain("iberia.localhost");
    expect(row.textContent).toContain("Iberia Fleet");
    fireEvent.click(within(row).getByTestId("row-action-edit"));
    const preview = await screen.findByTestId("brand-preview");
    expect(preview.textContent).toContain("Iberia Fleet");
    expect(screen.getByTestId("brand-logo-preview").getAttribute("src")).toBe(brand.logoUrl);
    fireEvent.change(screen.getByTestId("brand-field-productName"), { target: { value: "Flota Norte" } });
    expect(screen.getByTestId("brand-preview").textContent).toContain("Flota Norte");
  });

  it("offers the deployment's base maps as the brand's default map and saves the one picked", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith("/fr/v1/map/providers"))
          return new Response(JSON.stringify(providers), { status: 200 });
        if (init?.method === "PUT") {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          sent.push(body);
          return new Response(JSON.stringify({ ...brand, ...body }), { status: 200 });
        }
        return new Response(JSON.stringify([brand]), { status: 200 });
      }),
    );
    renderWithApp(<BrandingPage />, { session, query: true });
    fireEvent.click(within(await screen.findByTestId("table-row")).getByTestId("row-action-edit"));
    fireEvent.click(await screen.findByTestId("brand-field-mapProvider"));
    fireEvent.click(await screen.findByRole("option", { name: "Topographic" }));
    fireEvent.click(screen.getByTestId("mgmt-save"));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ mapProvider: "topo" });
  });

  it("asks before deleting a brand and shows inside the confirmation why the server refused", async () => {
    const platform = { ...brand, id: 1, name: "Vigia", resellerId: null, hosts: ["localhost"] };
    const deleted: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "DELETE") {
          deleted.push(url);
          return new Response(
            JSON.stringify({ statusCode: 409, error: "Conflict", description: "brand.default" }),
            { status: 409 },
          );
        }
        return new Response(JSON.stringify([platform]), { status: 200 });
      }),
    );
    renderWithApp(<BrandingPage />, { session, query: true });
    const row = await screen.findByTestId("table-row");
    fireEvent.click(within(row).getByTestId("row-action-delete"));
    expect(deleted).toEqual([]);
    fireEvent.click(await screen.findByTestId("mgmt-delete-confirm"));
    const why = await screen.findByTestId("mgmt-delete-error");
    expect(why.textContent).toContain("cannot be deleted");
    expect(deleted).toEqual([expect.stringMatching(/\/fr\/v1\/resellers\/id\/2\/brands\/id\/1$/)]);
  });
});

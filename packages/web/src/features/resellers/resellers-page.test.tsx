import { screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { ResellersPage } from "./resellers-page.tsx";

const session = testSession(testUser({ role: "SUPER_RESELLER", companyId: null, resellerId: 1 }));

const reseller = (id: number, name: string, parentId: number | null, children: number[] = []) => ({
  id,
  name,
  parentId,
  email: `${name.toLowerCase()}@x.demo`,
  phone: "",
  children,
  allowMapProvider: false,
});

/** GET resellers answers the tree; `served` resolves once it was asked, so the test waits on the call itself. */
function serve(body: unknown): Promise<void> {
  return new Promise((served) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.endsWith("/fr/v1/resellers")) served();
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
  });
}

beforeAll(() => {
  useEnglish();
});
afterEach(() => vi.unstubAllGlobals());

describe("ResellersPage", () => {
  it("shows each reseller's path from the root, so the flat table reads as a tree", async () => {
    const served = serve({
      "1": reseller(1, "Root", null, [2]),
      "2": reseller(2, "Iberia", 1, [3]),
      "3": reseller(3, "Madrid", 2),
      // The parent is outside what this user sees: the path starts at the reseller itself.
      "4": reseller(4, "Orphan", 99),
      // A broken loop in the data must not hang the screen.
      "5": reseller(5, "Loop A", 6),
      "6": reseller(6, "Loop B", 5),
    });
    renderWithApp(<ResellersPage />, { session, query: true });
    await served;
    const rows = await screen.findAllByTestId("table-row");
    const column = screen.getAllByRole("columnheader").findIndex((h) => h.textContent === "Tree");
    expect(column).toBeGreaterThanOrEqual(0);
    const paths = rows.map((r) => r.querySelectorAll("td")[column]?.textContent);
    expect(paths).toEqual([
      "Root",
      "Root › Iberia",
      "Root › Iberia › Madrid",
      "Orphan",
      "Loop B › Loop A",
      "Loop A › Loop B",
    ]);
  });
});

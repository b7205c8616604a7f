import { screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { TermsPage } from "./terms-page.tsx";

beforeAll(() => {
  useEnglish();
});
afterEach(() => vi.unstubAllGlobals());

function serveTerms(body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
  );
}

const render = () =>
  renderWithApp(<TermsPage />, { session: testSession(testUser({ role: "ADMIN" })), query: true });

describe("TermsPage", () => {
  it("shows the brand's terms, its privacy text and its support contacts", async () => {
    serveTerms({
      terms: "# Our terms\n\nBe fair.",
      privacy: "Positions are kept **12 months**.",
      supportEmail: "help@fleet.example",
      supportPhone: "+34 900 000 000",
    });
    render();
    expect((await screen.findByTestId("terms-privacy")).textContent).toContain("Positions are kept");
    const support = screen.getByTestId("terms-support");
    expect(support.textContent).toContain("Support");
    expect(screen.getByText("help@fleet.example").closest("a")?.getAttribute("href")).toBe(
      "mailto:help@fleet.example",
    );
    expect(screen.getByText("+34 900 000 000").closest("a")?.getAttribute("href")).toBe(
      "tel:+34 900 000 000",
    );
  });

  it("shows the default terms and nothing else when the brand gives none", async () => {
    serveTerms({ terms: null, privacy: "", supportEmail: "", supportPhone: "" });
    render();
    expect(await screen.findByTestId("terms-default")).toBeTruthy();
    expect(screen.queryByTestId("terms-privacy")).toBeNull();
    expect(screen.queryByTestId("terms-support")).toBeNull();
  });
});

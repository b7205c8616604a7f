import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { ResellerTwoFactorCard } from "./reseller-two-factor-card.tsx";

const session = testSession(testUser({ role: "RESELLER", companyId: null, resellerId: 7 }));

beforeAll(() => {
  useEnglish();
});
afterEach(() => vi.unstubAllGlobals());

describe("ResellerTwoFactorCard", () => {
  it("reads the reseller's policy and saves the switch through the reseller's own endpoint", async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(url).toMatch(/\/fr\/v1\/resellers\/id\/7\/otp$/);
        if (init?.method === "PUT") {
          const body: unknown = JSON.parse(String(init.body));
          puts.push(body);
          return new Response(JSON.stringify(body), { status: 200 });
        }
        return new Response(JSON.stringify({ required: false }), { status: 200 });
      }),
    );
    renderWithApp(<ResellerTwoFactorCard resellerId={7} />, { session, query: true });
    const toggle = await screen.findByTestId<HTMLInputElement>("reseller-otp-toggle");
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(screen.getByText("Optional")).toBeTruthy();
    fireEvent.click(toggle);
    await screen.findByText("Required");
    expect(puts).toEqual([{ required: true }]);
    expect(toggle.checked).toBe(true);
  });
});

import { screen, waitFor } from "@testing-library/react";
import type { ItineraryProgress } from "@vigia/domain";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testCompany, testCompanyInfo, WithCompany } from "../../test/company.tsx";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { ItinerarySection } from "./itinerary-section.tsx";

const today: ItineraryProgress = {
  itineraryId: 1,
  name: "Morning round",
  day: "2026-01-15",
  finished: false,
  waypoints: [
    {
      index: 0,
      status: "pending",
      enteredAt: null,
      leftAt: null,
      stay: null,
      delta: null,
      time: "08:00",
      lat: 40.4,
      lng: -3.7,
      next: true,
    },
  ],
};

const fetch = vi.fn(async () => new Response(JSON.stringify([today]), { status: 200 }));

function show(itenerary?: unknown) {
  vi.stubGlobal("fetch", fetch);
  renderWithApp(
    <WithCompany value={{ ...testCompany(), info: testCompanyInfo({ general: { itenerary } }) }}>
      <ItinerarySection companyId={5} item={{ kind: "vehicle", id: 7 }} getMap={() => null} />
    </WithCompany>,
    { session: testSession(testUser()), query: true },
  );
}

beforeAll(() => useEnglish());
afterEach(() => {
  fetch.mockClear();
  vi.unstubAllGlobals();
});

/** The vehicle's itinerary progress shows only when the company's itineraries are on. */
describe("ItinerarySection and conf.general.itenerary", () => {
  it("on: asks for today's progress and shows it", async () => {
    show(true);
    expect(await screen.findByTestId("map-detail-itinerary")).toBeTruthy();
    expect(screen.getByText("Morning round")).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["off", false],
    ["never set", undefined],
    ["garbage", "yes"],
  ])("%s: asks nothing and shows nothing", async (_name, value) => {
    show(value);
    await waitFor(() => expect(screen.queryByTestId("map-detail-itinerary")).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
  });
});

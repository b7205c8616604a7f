import { act, fireEvent, screen } from "@testing-library/react";
import { type DriverDay, emptyLiveItemState, type LiveItemState } from "@vigia/domain";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { liveItems } from "../../platform/live/store.ts";
import { testSession, testUser } from "../../test/fixtures.ts";
import { renderWithApp, useEnglish } from "../../test/render.tsx";
import { buildCatalog } from "./catalog.ts";
import { DriverPanel } from "./driver-panel.tsx";

const HOUR = 3_600_000;
const catalog = buildCatalog({
  vehicles: { 1: { id: 1, name: "Van 1" }, 2: { id: 2, name: "Truck 2" } },
  drivers: {
    7: { id: 7, name: "Ana López", personId: null, group: null, tachographCard: "E123", iButton: "01AB" },
  },
});

const vehicle = (id: number, driverId: number | null): LiveItemState => ({
  ...emptyLiveItemState(1, id, null),
  driverId,
  pos: { ts: 1, receivedTs: 1, lat: 40, lng: -3, alt: 0, spd: 0, course: 0, satt: 8, valid: true, src: 1 },
});

const day = (drivingMs: number, events: DriverDay["events"] = []): DriverDay => ({
  driverId: 7,
  vehicleId: 1,
  day: "2026-01-15",
  dayStartTs: 0,
  drivingMs,
  limitMs: 4.5 * HOUR,
  runningSinceTs: null,
  events,
});

/** The day route answers `answer`; `served` resolves once it was asked, so the test waits on the call itself. */
function serve(answer: DriverDay): Promise<void> {
  return new Promise((served) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.includes("/fr/v1/companies/id/5/drivers/id/7/today")) served();
        return new Response(JSON.stringify(answer), { status: 200 });
      }),
    );
  });
}

async function renderPanel(answer: DriverDay, onSelectItem = vi.fn()) {
  const served = serve(answer);
  renderWithApp(
    <DriverPanel
      driverId={7}
      catalog={catalog}
      companyId={5}
      timezone="UTC"
      onClose={() => {}}
      onSelectItem={onSelectItem}
    />,
    { session: testSession(testUser()), query: true },
  );
  await served;
  return onSelectItem;
}

function loadVehicles(...states: LiveItemState[]) {
  act(() =>
    liveItems.loadSnapshot({
      id: 5,
      initTs: 0,
      vehicles: Object.fromEntries(states.map((s) => [s.id, s])),
      assets: {},
      persons: {},
    }),
  );
}

beforeAll(() => useEnglish());
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => liveItems.clear());
});

describe("DriverPanel", () => {
  it("shows the driver's vehicle, card, iButton, driving time against the limit and latest events", async () => {
    loadVehicles(vehicle(1, 7), vehicle(2, null));
    const onSelectItem = await renderPanel(
      day(3 * HOUR, [
        {
          itemType: 1,
          itemId: 1,
          ts: Date.UTC(2026, 0, 15, 8, 30),
          kind: "harshBraking",
          lat: 40,
          lng: -3,
          spd: 54.7,
          value: null,
          driverId: 7,
        },
      ]),
    );
    expect(screen.getByTestId("map-driver-name").textContent).toBe("Ana López");
    expect(screen.getByTestId("map-driver-card").textContent).toBe("E123");
    expect(screen.getByTestId("map-driver-ibutton").textContent).toBe("01AB");
    expect((await screen.findByTestId("map-driver-driving")).textContent).toBe("3 h 00 min of 4 h 30 min");
    expect(screen.getByTestId("map-driver-left").textContent).toBe("1 h 30 min left before the limit");
    const bar = screen.getByRole("progressbar");
    expect(Number(bar.getAttribute("aria-valuenow"))).toBeCloseTo(66.67, 1);
    const events = screen.getByTestId("map-driver-events");
    expect(events.textContent).toContain("Harsh braking");
    expect(events.textContent).toContain("55 km/h");
    fireEvent.click(screen.getByText("Van 1"));
    expect(onSelectItem).toHaveBeenCalledWith("v:1");
  });

  it("says when the driver is over the limit", async () => {
    loadVehicles(vehicle(1, 7));
    await renderPanel(day(5 * HOUR));
    expect((await screen.findByTestId("map-driver-left")).textContent).toBe("30 min over the limit");
    expect(Number(screen.getByRole("progressbar").getAttribute("aria-valuenow"))).toBe(100);
    expect(screen.getByTestId("map-driver-no-events")).toBeTruthy();
  });

  it("follows the live store when the driver is identified on another vehicle, and when released", async () => {
    loadVehicles(vehicle(1, 7), vehicle(2, null));
    await renderPanel(day(0));
    expect(screen.getByTestId("map-driver-vehicle").textContent).toBe("Van 1");
    act(() => {
      liveItems.apply([{ type: "dVehicle", data: { id: 7, vehicleId: 2, ts: 2 } }]);
    });
    expect(screen.getByTestId("map-driver-vehicle").textContent).toBe("Truck 2");
    act(() => {
      liveItems.apply([{ type: "dVehicle", data: { id: 7, vehicleId: null, ts: 3 } }]);
    });
    expect(screen.getByTestId("map-driver-vehicle").textContent).toBe("Not identified on any vehicle");
  });
});

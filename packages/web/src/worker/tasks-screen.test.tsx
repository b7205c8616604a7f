import { screen, waitFor } from "@testing-library/react";
import type { ItineraryProgress } from "@vigia/domain";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithApp, useEnglish } from "../test/render.tsx";
import { TasksScreen } from "./tasks-screen.tsx";

const pairing = { deviceId: "phone-tasks-1", key: "key-0123456789" };

const waypoint = (index: number, extra: Partial<ItineraryProgress["waypoints"][number]>) => ({
  index,
  status: "pending" as const,
  enteredAt: null,
  leftAt: null,
  stay: null,
  delta: null,
  time: `0${8 + index}:00`,
  lat: 40.4,
  lng: -3.7,
  next: false,
  ...extra,
});

const today: ItineraryProgress = {
  itineraryId: 3,
  name: "Morning round",
  day: "2026-01-15",
  finished: false,
  waypoints: [
    waypoint(0, { status: "onTime", enteredAt: 480, leftAt: 500, stay: 20, delta: 0 }),
    waypoint(1, { status: "onTime", enteredAt: 545, stay: 5, delta: -15 }),
    waypoint(2, { next: true }),
  ],
};

/** Answers the two reads of the tab: the itinerary and the (empty) tickets. */
const online = vi.fn(
  async (url: string) =>
    new Response(JSON.stringify(url.endsWith("/device/itinerary") ? [today] : []), { status: 200 }),
);
const offline = vi.fn(async () => {
  throw new TypeError("Failed to fetch");
});

beforeAll(() => useEnglish());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const states = () =>
  screen.getAllByTestId("itinerary-waypoint").map((row) => [row.dataset.state, row.dataset.next]);

describe("the Tasks tab's itinerary", () => {
  it("shows today's waypoints in order with their state, the next one marked", async () => {
    vi.stubGlobal("fetch", online);
    renderWithApp(<TasksScreen pairing={pairing} />);
    expect(await screen.findByText("Morning round")).toBeTruthy();
    expect(states()).toEqual([
      ["left", "0"],
      ["arrived", "0"],
      ["pending", "1"],
    ]);
    expect(screen.getByText("Arrived")).toBeTruthy();
  });

  it("without a connection shows the copy last read, and says so", async () => {
    vi.stubGlobal("fetch", online);
    const first = renderWithApp(<TasksScreen pairing={pairing} />);
    await screen.findByText("Morning round");
    first.unmount();
    vi.stubGlobal("fetch", offline);
    renderWithApp(<TasksScreen pairing={pairing} />);
    expect(await screen.findByTestId("itinerary-cached")).toBeTruthy();
    expect(screen.getByText("Morning round")).toBeTruthy();
    expect(states()[1]).toEqual(["arrived", "0"]);
  });

  it("another device paired on the phone does not show this one's copy", async () => {
    vi.stubGlobal("fetch", online);
    const first = renderWithApp(<TasksScreen pairing={pairing} />);
    await screen.findByText("Morning round");
    first.unmount();
    vi.stubGlobal("fetch", offline);
    renderWithApp(<TasksScreen pairing={{ deviceId: "phone-tasks-2", key: "key-0123456789" }} />);
    await waitFor(() => expect(screen.getByText(/No connection/)).toBeTruthy());
    expect(screen.queryByText("Morning round")).toBeNull();
  });
});

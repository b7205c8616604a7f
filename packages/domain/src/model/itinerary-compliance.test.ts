import { describe, expect, it } from "vitest";
import { parseLatLng } from "./itineraries.ts";
import {
  advanceVisits,
  emptyVisitTrack,
  itineraryCompliance,
  itineraryEvent,
  newDeviations,
  type PlannedWaypoint,
  trackVisits,
  visitsFromTrack,
  type WaypointVisit,
} from "./itinerary-compliance.ts";

const wp = (time: string, extra: Partial<PlannedWaypoint> = {}): PlannedWaypoint => ({
  time,
  before: 10,
  after: 10,
  minStay: 5,
  maxStay: 30,
  ...extra,
});
const v = (waypoint: number, entered: number, left: number | null): WaypointVisit => ({
  waypoint,
  entered,
  left,
});
const END = 1440;

describe("itineraryCompliance", () => {
  const plan = [wp("08:00"), wp("09:00"), wp("10:00")];
  const cases: [string, WaypointVisit[], number, string[], boolean][] = [
    ["nothing yet, early morning", [], 7 * 60, ["pending", "pending", "pending"], false],
    [
      "all on time",
      [v(0, 482, 490), v(1, 545, 560), v(2, 600, 610)],
      END,
      ["onTime", "onTime", "onTime"],
      true,
    ],
    [
      "early and late",
      [v(0, 465, 480), v(1, 545, 560), v(2, 615, 625)],
      END,
      ["early", "onTime", "late"],
      true,
    ],
    [
      "window edges are on time",
      [v(0, 470, 480), v(1, 550, 560), v(2, 610, 620)],
      END,
      ["onTime", "onTime", "onTime"],
      true,
    ],
    [
      "short and long stays",
      [v(0, 480, 482), v(1, 540, 600), v(2, 600, 610)],
      END,
      ["stayShort", "stayLong", "onTime"],
      true,
    ],
    ["skipped middle", [v(0, 480, 490), v(2, 600, 610)], END, ["onTime", "skipped", "onTime"], true],
    [
      "out of order",
      [v(1, 470, 480), v(0, 485, 495), v(2, 600, 610)],
      END,
      ["onTime", "outOfOrder", "onTime"],
      true,
    ],
    ["window still open: pending", [v(0, 480, 490)], 545, ["onTime", "pending", "pending"], false],
    ["window closed: skipped", [v(0, 480, 490)], 551, ["onTime", "skipped", "pending"], false],
    [
      "inside now, not finished",
      [v(0, 480, 490), v(1, 545, 560), v(2, 600, null)],
      605,
      ["onTime", "onTime", "onTime"],
      false,
    ],
    ["still inside past max stay", [v(0, 480, null)], 520, ["stayLong", "pending", "pending"], false],
    [
      "future visits are ignored",
      [v(0, 480, 490), v(1, 545, 560)],
      500,
      ["onTime", "pending", "pending"],
      false,
    ],
    [
      "second stay in order wins",
      [v(1, 470, 475), v(0, 480, 490), v(1, 541, 560), v(2, 600, 610)],
      END,
      ["onTime", "onTime", "onTime"],
      true,
    ],
  ];
  it.each(cases)("%s", (_name, visits, now, expected, finished) => {
    const result = itineraryCompliance(plan, visits, now);
    expect(result.waypoints.map((w) => w.status)).toEqual(expected);
    expect(result.finished).toBe(finished);
  });

  it("reports arrival delta and stay", () => {
    const [first] = itineraryCompliance([wp("08:00")], [v(0, 475, 490)], END).waypoints;
    expect(first).toMatchObject({ enteredAt: 475, leftAt: 490, stay: 15, delta: -5 });
  });

  it("no maximum stay when 0", () => {
    const result = itineraryCompliance([wp("08:00", { maxStay: 0 })], [v(0, 480, 700)], END);
    expect(result.waypoints[0]?.status).toBe("onTime");
  });
});

describe("visitsFromTrack", () => {
  it("opens and closes stays per area", () => {
    const visits = visitsFromTrack(
      [
        { minute: 10, inside: [] },
        { minute: 20, inside: [0] },
        { minute: 30, inside: [0, 1] },
        { minute: 40, inside: [1] },
        { minute: 50, inside: [] },
        { minute: 60, inside: [2] },
      ],
      3,
    );
    expect(visits).toEqual([v(0, 20, 40), v(1, 30, 50), v(2, 60, null)]);
  });
});

describe("parseLatLng", () => {
  it.each([
    ["40.4, -3.7", { lat: 40.4, lng: -3.7 }],
    ["40.4 -3.7", { lat: 40.4, lng: -3.7 }],
    ["95, 1", null],
    ["abc", null],
  ])("%s", (text, expected) => expect(parseLatLng(text)).toEqual(expected));
});

describe("advanceVisits (live, one position at a time)", () => {
  it("gives the same stays as the whole day at once, open stays left open", () => {
    const samples = [
      { minute: 470, inside: [] },
      { minute: 480, inside: [0] },
      { minute: 490, inside: [0, 1] },
      { minute: 500, inside: [1] },
      { minute: 510, inside: [] },
      { minute: 520, inside: [2] },
    ];
    const track = emptyVisitTrack();
    for (const s of samples) advanceVisits(track, s, 3);
    expect(trackVisits(track)).toEqual(visitsFromTrack(samples, 3));
    expect(trackVisits(track)).toEqual([v(0, 480, 500), v(1, 490, 510), v(2, 520, null)]);
  });
});

describe("newDeviations", () => {
  const plan = [wp("08:00"), wp("09:00"), wp("10:00")];
  const cases: [string, WaypointVisit[], number, string[]][] = [
    ["on time and pending: nothing", [v(0, 481, null)], 490, []],
    ["arrived early", [v(0, 465, null)], 470, ["0:early"]],
    ["inside past the maximum stay", [v(0, 480, null)], 520, ["0:stayLong"]],
    ["left too soon", [v(0, 480, 482)], 485, ["0:stayShort"]],
    ["window of the second closed without a stay", [v(0, 480, 490)], 571, ["1:skipped"]],
    [
      "late at the third, the second skipped",
      [v(0, 480, 490), v(2, 620, null)],
      621,
      ["1:skipped", "2:late"],
    ],
    ["visited before the previous one", [v(1, 470, 480), v(0, 485, 495)], 500, ["1:outOfOrder"]],
  ];
  it.each(cases)("%s", (_name, visits, now, expected) => {
    const reported = new Set<string>();
    const found = newDeviations(itineraryCompliance(plan, visits, now), reported);
    expect(found.map((w) => `${w.index}:${w.status}`)).toEqual(expected);
    expect([...reported]).toEqual(expected);
    // Judged again at the same point: each deviation was reported once.
    expect(newDeviations(itineraryCompliance(plan, visits, now), reported)).toEqual([]);
  });

  it("names the alarm event of each status", () => {
    expect(itineraryEvent("late")).toBe("itineraryLate");
    expect(itineraryEvent("stayShort")).toBe("itineraryStayShort");
    expect(itineraryEvent("outOfOrder")).toBe("itineraryOutOfOrder");
  });
});

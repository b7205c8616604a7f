import type { DecodedPosition } from "@vigia/protocols";
import { describe, expect, it } from "vitest";
import type { CommittedPosition } from "../live/index.ts";
import { positionCsvLine, positionsCsv, positionsJson, quoted } from "./position-rows.ts";

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);

const binding = {
  deviceRowId: 12,
  companyId: 3,
  itemType: 1 as const,
  itemId: 44,
  groupId: null,
  odometerSource: 3,
  initialMileageKm: 0,
};

function committed(patch: Partial<DecodedPosition> = {}, itemId: number | null = 44): CommittedPosition {
  return {
    binding: { ...binding, itemId },
    receivedTs: NOW + 5,
    position: {
      ts: NOW,
      lat: 40.5,
      lng: -3.25,
      alt: 650,
      spd: 42.5,
      course: 90,
      satt: 9,
      valid: true,
      src: 1,
      attributes: {},
      ...patch,
    },
  };
}

describe("positionCsvLine", () => {
  it.each([
    ["plain fix", committed(), `3,12,1,44,${NOW},${NOW + 5},40.5,-3.25,650,42.5,90,9,t,1,"{}"\n`],
    [
      "invalid fix without item",
      committed({ valid: false, src: 2 }, null),
      `3,12,1,,${NOW},${NOW + 5},40.5,-3.25,650,42.5,90,9,f,2,"{}"\n`,
    ],
    [
      "attributes with quotes, commas and a newline stay one quoted field",
      committed({ attributes: { note: 'a "b", c\nd', fuel: 50 } }),
      `3,12,1,44,${NOW},${NOW + 5},40.5,-3.25,650,42.5,90,9,t,1,"{""note"":""a \\""b\\"", c\\nd"",""fuel"":50}"\n`,
    ],
    [
      "a number that is not finite becomes NULL",
      committed({ alt: Number.NaN }),
      `3,12,1,44,${NOW},${NOW + 5},40.5,-3.25,,42.5,90,9,t,1,"{}"\n`,
    ],
  ])("%s", (_, position, line) => {
    expect(positionCsvLine(position)).toBe(line);
  });

  it("joins lines in order", () => {
    const a = committed();
    const b = committed({ ts: NOW + 1000 });
    expect(positionsCsv([a, b])).toBe(positionCsvLine(a) + positionCsvLine(b));
    expect(positionsCsv([])).toBe("");
  });

  it.each([
    ["", '""'],
    ['say "hi"', '"say ""hi"""'],
  ])("quotes %j", (text, expected) => {
    expect(quoted(text)).toBe(expected);
  });
});

describe("positionsJson", () => {
  it.each([
    ["no positions", [], []],
    [
      "the same values as an object array through JSON.stringify",
      [committed({ attributes: { note: 'a "b"\u0001', fuel: 50 } }), committed({ alt: Number.NaN }, null)],
      [
        {
          c: 3,
          d: 12,
          it: 1,
          ii: 44,
          ts: NOW,
          rt: NOW + 5,
          lat: 40.5,
          lng: -3.25,
          alt: 650,
          spd: 42.5,
          co: 90,
        },
        {
          c: 3,
          d: 12,
          it: 1,
          ii: null,
          ts: NOW,
          rt: NOW + 5,
          lat: 40.5,
          lng: -3.25,
          alt: null,
          spd: 42.5,
          co: 90,
        },
      ],
    ],
  ])("%s", (_, positions, expected) => {
    const parsed: unknown = JSON.parse(positionsJson(positions));
    expect(parsed).toMatchObject(expected);
    if (positions.length > 0)
      expect(parsed).toMatchObject([
        { sa: 9, va: true, sr: 1, at: { note: 'a "b"\u0001', fuel: 50 } },
        { sa: 9, va: true, sr: 1, at: {} },
      ]);
  });
});

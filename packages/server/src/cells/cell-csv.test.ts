import { describe, expect, it } from "vitest";
import { isCellHeader, parseCellRow } from "./cell-csv.ts";

describe("parseCellRow", () => {
  it("reads an OpenCellID row", () => {
    expect(parseCellRow("GSM,214,7,100,3,0,-3.7,40.43,1500,12,1,1459692342,1700000000,0")).toEqual({
      radio: "GSM",
      mcc: 214,
      mnc: 7,
      lac: 100,
      cid: 3,
      lat: 40.43,
      lng: -3.7,
      range: 1500,
      samples: 12,
      updatedTs: 1_700_000_000_000,
    });
  });

  it.each([
    ["", "too few fields"],
    ["GSM,214,7", "too few fields"],
    ["WIMAX,214,7,100,3,0,-3.7,40.43,1500,12,1,0,0,0", "unknown radio"],
    ["LTE,0,7,100,3,0,-3.7,40.43,1500,12,1,0,0,0", "bad cell identity"],
    ["LTE,214,7,100,-3,0,-3.7,40.43,1500,12,1,0,0,0", "bad cell identity"],
    ["LTE,214,7,1e3,3,0,-3.7,40.43,1500,12,1,0,0,0", "bad cell identity"],
    ["LTE,214,7,100,3,0,-190,40.43,1500,12,1,0,0,0", "bad coordinates"],
    ["LTE,214,7,100,3,0,-3.7,NaN,1500,12,1,0,0,0", "bad coordinates"],
    ["LTE,214,7,100,3,0,-3.7,,1500,12,1,0,0,0", "bad coordinates"],
  ])("%j → %s", (line, error) => expect(parseCellRow(line)).toBe(error));

  it("takes a missing range, samples or update time as zero and an NR cell id of 36 bits", () => {
    expect(parseCellRow("NR,214,7,100,68719476736,0,-3.7,40.43,,,1,0,,0")).toMatchObject({
      cid: 2 ** 36,
      range: 0,
      samples: 0,
      updatedTs: 0,
    });
  });

  it("knows the header", () => {
    expect(
      isCellHeader(
        "radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal",
      ),
    ).toBe(true);
    expect(isCellHeader("GSM,214,7,100,3,0,-3.7,40.43,1500,12,1,0,0,0")).toBe(false);
  });
});

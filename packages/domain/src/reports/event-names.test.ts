import { describe, expect, it } from "vitest";
import { DRIVING_EVENT_KINDS } from "../model/derived.ts";
import { drivingEventName } from "./event-names.ts";

describe("drivingEventName", () => {
  it.each(["en", "es", "fr", "it", "pt", "tr"])(
    "names every driving event in %s, never by its stored kind",
    (lang) => {
      const names = DRIVING_EVENT_KINDS.map((kind) => drivingEventName(kind, lang));
      for (const [i, name] of names.entries()) expect(name).not.toBe(DRIVING_EVENT_KINDS[i]);
      expect(new Set(names).size).toBe(names.length);
    },
  );

  it.each([
    { kind: "harshBraking" as const, lang: "es-ES", want: "Frenada brusca" },
    { kind: "sharpTurn" as const, lang: "de", want: "Sharp turn" },
  ])("$kind in $lang: $want", ({ kind, lang, want }) => {
    expect(drivingEventName(kind, lang)).toBe(want);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type FormField,
  type FormValue,
  formFieldSchema,
  formInputSchema,
  formValueError,
  formValuesErrors,
  valuesAsShown,
} from "./forms.ts";
import { canMoveTicket, nextTicketStates } from "./tickets.ts";

const field = (f: Partial<FormField> & Pick<FormField, "type">): FormField =>
  formFieldSchema.parse({ key: "k", label: "L", ...f });

describe("form builder rules", () => {
  it.each([
    [{ type: "numberRange", min: 5, max: 1 }, "range_minOverMax"],
    [{ type: "number", min: 1, max: 1 }, null],
    [{ type: "select", options: [] }, "options_required"],
    [{ type: "multiselect", options: ["a", "a"] }, "options_duplicate"],
    [{ type: "attachment", maxBytes: 3 * 1024 * 1024 }, "attachment.tooLarge"],
  ] as const)("%j → %s", (input, error) => {
    const r = formFieldSchema.safeParse({ key: "k", label: "L", ...input });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(error);
  });

  it("refuses two fields with one key and a form without fields", () => {
    const twice = formInputSchema.safeParse({
      name: "F",
      fields: [
        { key: "a", type: "text", label: "A" },
        { key: "a", type: "text", label: "B" },
      ],
    });
    expect(twice.success ? [] : twice.error.issues.map((i) => i.message)).toEqual(["key_duplicate"]);
    const empty = formInputSchema.safeParse({ name: "F", fields: [] });
    expect(empty.success).toBe(false);
  });
});

const VALUE_CASES: [FormField, FormValue | undefined, string | null][] = [
  [field({ type: "text", required: true }), "", "required"],
  [field({ type: "text" }), undefined, null],
  [field({ type: "number", min: 0, max: 10 }), 11, "value_aboveMax"],
  [field({ type: "number" }), "3", "invalidNumber"],
  [field({ type: "numberRange" }), { from: 4, to: 2 }, "range_minOverMax"],
  [field({ type: "numberRange", min: 0 }), { from: -1, to: 2 }, "value_belowMin"],
  [field({ type: "textRange" }), { from: "a", to: "b" }, null],
  [field({ type: "boolean" }), false, null],
  [field({ type: "select", options: ["x", "y"] }), "z", "invalid"],
  [field({ type: "multiselect", options: ["x", "y"] }), ["x", "y"], null],
  [field({ type: "items", options: ["x"] }), ["q"], "invalid"],
  [field({ type: "rating", stars: 5 }), 6, "invalid"],
  [field({ type: "rating" }), 4, null],
  [field({ type: "datetime" }), 1_700_000_000_000, null],
  [field({ type: "signature" }), "data:image/png;base64,AAAA", null],
  [field({ type: "signature" }), "javascript:alert(1)", "invalid"],
  [
    field({ type: "attachment", maxBytes: 1000 }),
    { id: 1, name: "a.png", size: 2000, type: "image/png" },
    "attachment_tooLarge",
  ],
];

describe("submission values", () => {
  it.each(VALUE_CASES)("%# %j", (f, value, error) => {
    expect(formValueError(f, value)).toBe(error);
  });

  it("names values of keys the form does not have", () => {
    expect(formValuesErrors([field({ type: "text" })], { other: "x" })).toEqual({
      "values.other": "unknownField",
    });
  });
});

describe("values as the form shows them", () => {
  const OPENED = Date.UTC(2026, 10, 28, 7, 41, 37, 250);
  const MINUTE = Date.UTC(2026, 10, 28, 7, 41);
  const fields = [
    field({ key: "checkedAt", type: "datetime" }),
    field({ key: "note", type: "text" }),
    field({ key: "due", type: "datetime", required: true }),
  ];
  it.each([
    ["left alone: the minute the field shows", {}, { checkedAt: MINUTE, due: MINUTE }],
    ["picked: kept", { checkedAt: 1_000_000 }, { checkedAt: 1_000_000, due: MINUTE }],
    [
      "cleared to null: the shown time",
      { checkedAt: null, note: "ok" },
      { checkedAt: MINUTE, note: "ok", due: MINUTE },
    ],
  ])("%s", (_name, values, shown) => {
    expect(valuesAsShown(fields, values, OPENED)).toEqual(shown);
  });

  it("never changes an answer given, fills only date-time fields, and what it fills is valid", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("checkedAt", "note", "due"), fc.oneof(fc.nat(), fc.string())),
        fc.nat({ max: 4_000_000_000_000 }),
        (values, opened) => {
          const shown = valuesAsShown(fields, values, opened);
          for (const [key, v] of Object.entries(values)) if (v !== "") expect(shown[key]).toBe(v);
          expect(Object.keys(shown).filter((k) => !(k in values))).not.toContain("note");
          for (const f of fields.filter((x) => x.type === "datetime"))
            if (values[f.key] === undefined) expect(formValueError(f, shown[f.key])).toBeNull();
        },
      ),
    );
  });
});

describe("ticket moves", () => {
  it("goes forward, reopens from resolved or closed, never stays in place", () => {
    expect(canMoveTicket("open", "closed")).toBe(true);
    expect(canMoveTicket("closed", "open")).toBe(true);
    expect(canMoveTicket("closed", "resolved")).toBe(false);
    expect(canMoveTicket("open", "open")).toBe(false);
    expect(nextTicketStates("resolved")).toContain("open");
  });
});

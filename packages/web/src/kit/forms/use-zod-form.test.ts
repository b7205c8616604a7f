import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useZodForm } from "./use-zod-form.ts";

const schema = z.object({
  name: z.string().trim().min(1, "required"),
  count: z.number().int().default(0),
  limits: z.object({ max: z.number().nullable() }).default({ max: null }),
});

describe("useZodForm", () => {
  it("parses the values with the schema: output has defaults applied and text trimmed", () => {
    const { result } = renderHook(() => useZodForm(schema, { name: "  Acme " }));
    expect(result.current.valid).toBe(true);
    expect(result.current.output).toEqual({ name: "Acme", count: 0, limits: { max: null } });
  });

  it("shows a field's error only once the field was edited", () => {
    const { result } = renderHook(() => useZodForm(schema, { name: "" }));
    expect(result.current.errors.name).toBe("required");
    expect(result.current.errorOf("name")).toBeUndefined();
    act(() => result.current.set("name", " "));
    expect(result.current.errorOf("name")).toBe("required");
    expect(result.current.output).toBeNull();
  });

  it("keeps a server error until the field is edited again", () => {
    const { result } = renderHook(() => useZodForm(schema, { name: "Acme" }));
    act(() => result.current.setServerErrors({ name: "name.duplicate", "limits.max": "invalidNumber" }));
    expect(result.current.valid).toBe(false);
    expect(result.current.errorOf("name")).toBe("name.duplicate");
    expect(result.current.errorOf("limits.max")).toBe("invalidNumber");
    act(() => result.current.set("name", "Acme 2"));
    expect(result.current.errorOf("name")).toBeUndefined();
    expect(result.current.errorOf("limits.max")).toBe("invalidNumber");
  });
});

import { describe, expect, it } from "vitest";
import { ioKey } from "./io-key.ts";

describe("ioKey", () => {
  it.each([
    [0, "io0"],
    [239, "io239"],
    [65535, "io65535"],
    [70000, "io70000"],
  ])("id %i is named %s, the same the second time", (id, name) => {
    expect(ioKey(id)).toBe(name);
    expect(ioKey(id)).toBe(name);
  });
});

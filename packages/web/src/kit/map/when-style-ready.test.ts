import { describe, expect, it, vi } from "vitest";
import { type StyleEvents, whenStyleReady } from "./base-maps.ts";

/** A map whose style is parsed or not, with the style.load listener it was given. */
function fakeMap(parsed: boolean) {
  const listeners = new Set<() => void>();
  const map: StyleEvents = {
    getLayer: (id) => (parsed && id === "background" ? { id } : undefined),
    once: (_type, listener) => listeners.add(listener),
    off: (_type, listener) => listeners.delete(listener),
  };
  const load = () => {
    for (const listener of listeners) listener();
  };
  return { map, listeners, load };
}

describe("whenStyleReady", () => {
  it("applies at once on a parsed style", () => {
    const apply = vi.fn();
    whenStyleReady(fakeMap(true).map, apply);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it("waits for style.load otherwise", () => {
    const apply = vi.fn();
    const fake = fakeMap(false);
    whenStyleReady(fake.map, apply);
    expect(apply).not.toHaveBeenCalled();
    fake.load();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it("cancelled before the style loads, never applies", () => {
    const apply = vi.fn();
    const fake = fakeMap(false);
    whenStyleReady(fake.map, apply)();
    fake.load();
    expect(apply).not.toHaveBeenCalled();
    expect(fake.listeners.size).toBe(0);
  });
});

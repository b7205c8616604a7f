import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * "One owner of live state": only `src/live/` writes live item state, publishes on the live bus or
 * drops ingest device bindings; everything else calls `LiveState` (`live/live-state.ts`). The capabilities
 * are never handed the store, the bus or the registry (`src/app/` wires them), and this test keeps it so by
 * reading the sources: a write or publish outside `live/` is named by its receiver (`bus`, `store`,
 * `registry`) or by the internal types it needs (`LiveStore`, `MemoryBus`, `LiveBus`, `DeviceRegistry`).
 * Only `src/app/` may name `LiveBus` (the platform takes one) and `DeviceRegistry` (it builds the registry
 * for ingest and hands it to `LiveState`); only `src/ingest/` uses the registry itself.
 */
const RULES: { pattern: RegExp; what: string; allowedIn: readonly string[] }[] = [
  { pattern: /\bbus\s*\.\s*publish\s*\(/, what: "publishes on the live bus", allowedIn: ["live/"] },
  {
    pattern: /\bstore\s*\.\s*(set|getOrCreate|forget)\s*\(/,
    what: "writes live state",
    allowedIn: ["live/"],
  },
  {
    pattern: /\b(registry|bindings)\s*\.\s*invalidate\s*\(/,
    what: "drops device bindings",
    allowedIn: ["live/"],
  },
  { pattern: /\b(LiveStore|MemoryBus)\b/, what: "names a live internal", allowedIn: ["live/"] },
  { pattern: /\bLiveBus\b/, what: "names the live bus", allowedIn: ["live/", "app/"] },
  { pattern: /\bDeviceRegistry\b/, what: "names the device registry", allowedIn: ["ingest/", "app/"] },
];

/** Violations in one source file, `path` being relative to `src/`. */
function liveOwnerViolations(path: string, source: string): string[] {
  const out: string[] = [];
  const lines = source.split("\n");
  for (const rule of RULES) {
    if (rule.allowedIn.some((folder) => path.startsWith(folder))) continue;
    lines.forEach((line, i) => {
      if (rule.pattern.test(line)) out.push(`${path}:${i + 1} ${rule.what}: ${line.trim()}`);
    });
  }
  return out;
}

const srcDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("one owner of live state", () => {
  it("finds a publish, a state write, an invalidation and an internal type outside live/", () => {
    const bad = [
      "ctx.bus.publish(companyId, [envelope]);",
      "this.store.set(companyId, item);",
      "ctx.store.getOrCreate(1, 1, 2, null);",
      "ctx.registry.invalidate(imei);",
      'import type { LiveStore } from "../live/store.ts";',
      "type ItemsContext = KernelContext & { bus: LiveBus; registry: DeviceRegistry };",
    ].join("\n");
    expect(liveOwnerViolations("vehicles/routes.ts", bad)).toHaveLength(7);
    // live/ owns the writes; it knows the registry only as a cache to invalidate, not by its class.
    expect(liveOwnerViolations("live/live-state.ts", bad)).toEqual([
      expect.stringContaining("names the device registry"),
    ]);
    expect(
      liveOwnerViolations("app/services.ts", "const live = new LiveState(ctx, registry, bus as LiveBus);"),
    ).toEqual([]);
  });

  it("holds for the server's sources", () => {
    const files = sourceFiles(srcDir);
    expect(files.length).toBeGreaterThan(50);
    const violations = files.flatMap((file) =>
      liveOwnerViolations(relative(srcDir, file).split("\\").join("/"), readFileSync(file, "utf8")),
    );
    expect(violations).toEqual([]);
  });
});

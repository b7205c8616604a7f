import { describe, expect, it } from "vitest";
import { brandWriteSchema, isHostName } from "./brands.ts";

const base = { name: "Acme Fleet" };
const fieldOf = (input: Record<string, unknown>): string | null => {
  const result = brandWriteSchema.safeParse({ ...base, ...input });
  return result.success ? null : result.error.issues.map((i) => i.path.join(".")).join(",");
};

describe("brand write schema", () => {
  it.each([
    [{ hosts: ["fleet.example.com", "localhost", "a-b.c1.example"] }, null],
    [{ hosts: ["Fleet.Example.COM"] }, null],
    [{ hosts: ["fleet.example.com:8080"] }, "hosts.0"],
    [{ hosts: ["https://fleet.example.com"] }, "hosts.0"],
    [{ hosts: ["-bad.example.com"] }, "hosts.0"],
    [{ hosts: ["a..b"] }, "hosts.0"],
    [{ hosts: ["x.example", "x.example"] }, "hosts"],
    [{ origin: "https://fleet.example.com" }, null],
    [{ origin: "http://localhost:8080/" }, null],
    [{ origin: "ftp://fleet.example.com" }, "origin"],
    [{ origin: "https://fleet.example.com/app" }, "origin"],
    [{ origin: "javascript:alert(1)" }, "origin"],
    [{ primaryColor: "#A1b2C3" }, null],
    [{ primaryColor: "red" }, "primaryColor"],
    [{ primaryColor: "#abc" }, "primaryColor"],
    [{ supportEmail: "help@acme.example" }, null],
    [{ supportEmail: "nope" }, "supportEmail"],
    [{ supportPhone: "+34 910 000 000" }, null],
    [{ supportPhone: "call us" }, "supportPhone"],
    [{ apps: { apkUrl: "/downloads/app.apk", playStoreUrl: "https://play.example/app" } }, null],
    [{ apps: { apkUrl: "javascript:alert(1)" } }, "apps.apkUrl"],
    [{ timezone: "America/Mexico_City" }, null],
    [{ timezone: "Mars/Olympus" }, "timezone"],
    [{ name: "" }, "name"],
  ])("%j → %s", (input, field) => {
    expect(fieldOf(input)).toBe(field);
  });

  it("normalises what it keeps: lower-case hosts and colour, origin without its trailing slash", () => {
    const parsed = brandWriteSchema.parse({
      ...base,
      hosts: [" Fleet.Example.com "],
      primaryColor: "#ABCDEF",
      origin: "https://fleet.example.com/",
    });
    expect(parsed).toMatchObject({
      hosts: ["fleet.example.com"],
      primaryColor: "#abcdef",
      origin: "https://fleet.example.com",
    });
    expect(parsed.timezone).toBe("Europe/Madrid");
  });

  it("knows host names", () => {
    expect(isHostName("a".repeat(63))).toBe(true);
    expect(isHostName("a".repeat(64))).toBe(false);
    expect(isHostName("")).toBe(false);
  });
});

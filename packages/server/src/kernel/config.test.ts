import { describe, expect, it } from "vitest";
import { readConfig } from "./config.ts";

describe("listener ports", () => {
  it("reads <PROTOCOL>_PORT by lower-case name: 0 for a free port, off to disable; junk and other names ignored", () => {
    const ports = readConfig({
      H02_PORT: "6013",
      WATCH_PORT: "off",
      WIALON_PORT: "Disabled",
      GPS103_PORT: "0",
      TK103_PORT: "x",
      KUBERNETES_SERVICE_PORT: "443",
      PORT: "8080",
    }).ports;
    expect(ports).toEqual({ h02: 6013, watch: null, wialon: null, gps103: 0 });
  });
});

import pino from "pino";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../kernel/config.ts";
import { EgressError, type EgressRequest, type EgressResponse } from "../kernel/egress.ts";
import { geolocationRequest, OnlineGeolocator } from "./online.ts";

const log = pino({ level: "silent" });
const seen = {
  cells: [{ mcc: 214, mnc: 7, lac: 100, cid: 3, rssi: -70 }],
  wifi: [
    { mac: "aa:bb:cc:00:00:01", rssi: -50 },
    { mac: "aa:bb:cc:00:00:02", rssi: null },
  ],
};

/** A stand-in for the egress guard: answers from a queue and records what it was asked. */
function fakeEgress(answers: (EgressResponse | Error)[]) {
  const asked: EgressRequest[] = [];
  return {
    asked,
    fetch: async (_url: string | URL, request: EgressRequest = {}): Promise<EgressResponse> => {
      asked.push(request);
      const next = answers.shift() ?? new EgressError("no more answers");
      if (next instanceof Error) throw next;
      return next;
    },
  };
}
const answer = (status: number, body: unknown): EgressResponse => ({
  status,
  url: "http://geo.test/",
  body: Buffer.from(JSON.stringify(body)),
  text: () => JSON.stringify(body),
});

describe("geolocationRequest", () => {
  it("writes the common request format, dBm signals only", () => {
    expect(geolocationRequest(seen)).toEqual({
      considerIp: false,
      cellTowers: [
        {
          mobileCountryCode: 214,
          mobileNetworkCode: 7,
          locationAreaCode: 100,
          cellId: 3,
          signalStrength: -70,
        },
      ],
      wifiAccessPoints: [
        { macAddress: "aa:bb:cc:00:00:01", signalStrength: -50 },
        { macAddress: "aa:bb:cc:00:00:02" },
      ],
    });
  });
});

describe("OnlineGeolocator", () => {
  it("answers from the service, then from its cache", async () => {
    const egress = fakeEgress([answer(200, { location: { lat: 40.5, lng: -3.6 }, accuracy: 35.4 })]);
    const geo = new OnlineGeolocator("http://geo.test/", egress, new ManualClock(0), log);
    const first = await geo.locate(seen);
    expect(first).toEqual({ lat: 40.5, lng: -3.6, accuracy: 35, src: 4, used: 0 });
    expect(await geo.locate({ ...seen, wifi: [...seen.wifi].reverse() })).toEqual(first);
    expect(egress.asked).toHaveLength(1);
    expect(egress.asked[0]!.method).toBe("POST");
    expect(egress.asked[0]!.timeoutMs).toBeGreaterThan(0);
  });

  it("remembers a not-found, and calls a cell answer source 3", async () => {
    const egress = fakeEgress([
      answer(404, {}),
      answer(200, { location: { lat: 1, lng: 2 }, accuracy: 900 }),
    ]);
    const geo = new OnlineGeolocator("http://geo.test/", egress, new ManualClock(0), log);
    expect(await geo.locate(seen)).toBeNull();
    expect(await geo.locate(seen)).toBeNull();
    expect(await geo.locate({ cells: seen.cells, wifi: [] })).toMatchObject({ src: 3, accuracy: 900 });
    expect(egress.asked).toHaveLength(2);
  });

  it("takes a failure or a bad answer as no answer and pauses before asking again", async () => {
    const clock = new ManualClock(0);
    const egress = fakeEgress([
      new EgressError("timeout"),
      answer(200, { location: { lat: 100, lng: 0 }, accuracy: 1 }),
      answer(200, { location: { lat: 1, lng: 2 }, accuracy: 10 }),
    ]);
    const geo = new OnlineGeolocator("http://geo.test/", egress, clock, log, { pauseMs: 30_000 });
    expect(await geo.locate(seen)).toBeNull();
    expect(await geo.locate(seen)).toBeNull();
    expect(egress.asked).toHaveLength(1);
    clock.advance(30_000);
    expect(await geo.locate(seen)).toBeNull(); // latitude 100 is not a place
    clock.advance(30_000);
    expect(await geo.locate(seen)).toMatchObject({ lat: 1, lng: 2 });
    expect(egress.asked).toHaveLength(3);
  });

  it("asks at most perMinute times a minute", async () => {
    const clock = new ManualClock(0);
    const egress = fakeEgress(Array.from({ length: 5 }, () => answer(404, {})));
    const geo = new OnlineGeolocator("http://geo.test/", egress, clock, log, { perMinute: 2 });
    for (let cid = 1; cid <= 3; cid++) await geo.locate({ cells: [{ ...seen.cells[0]!, cid }], wifi: [] });
    expect(egress.asked).toHaveLength(2);
    clock.advance(60_000);
    await geo.locate({ cells: [{ ...seen.cells[0]!, cid: 9 }], wifi: [] });
    expect(egress.asked).toHaveLength(3);
  });
});

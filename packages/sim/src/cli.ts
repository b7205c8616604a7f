/**
 * vigia-sim: runs N simulated devices against a Vigia gateway (or any server speaking the same protocols) —
 * the demo fleet and the load generator in one.
 */
import { parseArgs } from "node:util";
import { ALL_PROTOCOLS, makeDevices, PROTOCOLS, type Protocol } from "./fleet.ts";
import { startSimulation } from "./simulation.ts";

const USAGE = `usage: vigia-sim [--devices N] [--interval S] [--host 127.0.0.1]
                 [--protocols teltonika,gt06,osmand] [--imei-prefix 35000000] [--seed 1] [--duration S]
                 [--center 40.4168,-3.7038] [--port-teltonika 5027] [--port-gt06 5023] [--port-osmand 5055]
                 [--port-h02 5013] [--port-gps103 5001] [--port-tk103 5002] [--port-watch 5093] [--port-wialon 5039] [--port-gl200 5004] [--port-meitrack 5020] [--port-suntech 5011] [--port-ruptela 5046] [--port-galileosky 5034] [--port-topflytech 5119] [--port-jt808 5015] [--port-egts 5007] [--port-cellocator 5063] [--port-atrack 5067] [--port-eelink 5064] [--port-navtelecom 5185] [--port-calamp 20500]
protocols: ${ALL_PROTOCOLS.join(", ")}`;

function main(): void {
  const { values } = parseArgs({
    options: {
      devices: { type: "string", default: "100" },
      interval: { type: "string", default: "10" },
      host: { type: "string", default: "127.0.0.1" },
      protocols: { type: "string", default: PROTOCOLS.join(",") },
      "imei-prefix": { type: "string", default: "35000000" },
      seed: { type: "string", default: "1" },
      duration: { type: "string" },
      center: { type: "string", default: "40.4168,-3.7038" },
      "port-teltonika": { type: "string", default: "5027" },
      "port-gt06": { type: "string", default: "5023" },
      "port-osmand": { type: "string", default: "5055" },
      "port-h02": { type: "string", default: "5013" },
      "port-gps103": { type: "string", default: "5001" },
      "port-tk103": { type: "string", default: "5002" },
      "port-watch": { type: "string", default: "5093" },
      "port-wialon": { type: "string", default: "5039" },
      "port-gl200": { type: "string", default: "5004" },
      "port-meitrack": { type: "string", default: "5020" },
      "port-suntech": { type: "string", default: "5011" },
      "port-ruptela": { type: "string", default: "5046" },
      "port-galileosky": { type: "string", default: "5034" },
      "port-topflytech": { type: "string", default: "5119" },
      "port-jt808": { type: "string", default: "5015" },
      "port-egts": { type: "string", default: "5007" },
      "port-cellocator": { type: "string", default: "5063" },
      "port-atrack": { type: "string", default: "5067" },
      "port-eelink": { type: "string", default: "5064" },
      "port-navtelecom": { type: "string", default: "5185" },
      "port-calamp": { type: "string", default: "20500" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const num = (name: string, v: string | undefined): number => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number, got ${v}\n${USAGE}`);
    return n;
  };
  const protocols = values.protocols.split(",").map((p) => p.trim());
  for (const p of protocols)
    if (!ALL_PROTOCOLS.includes(p as Protocol)) throw new Error(`unknown protocol ${p}\n${USAGE}`);
  const [lat, lng] = values.center.split(",").map(Number);
  if (lat === undefined || lng === undefined || Number.isNaN(lat) || Number.isNaN(lng))
    throw new Error("--center lat,lng");
  const devices = makeDevices(num("devices", values.devices), protocols as Protocol[], values["imei-prefix"]);
  const intervalS = num("interval", values.interval);
  const sim = startSimulation(devices, {
    host: values.host,
    ports: {
      teltonika: num("port-teltonika", values["port-teltonika"]),
      gt06: num("port-gt06", values["port-gt06"]),
      osmand: num("port-osmand", values["port-osmand"]),
      h02: num("port-h02", values["port-h02"]),
      gps103: num("port-gps103", values["port-gps103"]),
      tk103: num("port-tk103", values["port-tk103"]),
      watch: num("port-watch", values["port-watch"]),
      wialon: num("port-wialon", values["port-wialon"]),
      gl200: num("port-gl200", values["port-gl200"]),
      meitrack: num("port-meitrack", values["port-meitrack"]),
      suntech: num("port-suntech", values["port-suntech"]),
      ruptela: num("port-ruptela", values["port-ruptela"]),
      galileosky: num("port-galileosky", values["port-galileosky"]),
      topflytech: num("port-topflytech", values["port-topflytech"]),
      jt808: num("port-jt808", values["port-jt808"]),
      egts: num("port-egts", values["port-egts"]),
      cellocator: num("port-cellocator", values["port-cellocator"]),
      atrack: num("port-atrack", values["port-atrack"]),
      eelink: num("port-eelink", values["port-eelink"]),
      navtelecom: num("port-navtelecom", values["port-navtelecom"]),
      calamp: num("port-calamp", values["port-calamp"]),
    },
    intervalS,
    seed: num("seed", values.seed),
    center: { lat, lng },
    log: (m) => console.log(m),
  });
  const started = Date.now();
  let lastSent = 0;
  let lastAt = started;
  const report = (): void => {
    const s = sim.stats();
    const at = Date.now();
    const secs = Math.round((at - started) / 1000);
    const rate = ((1000 * (s.sent - lastSent)) / Math.max(1, at - lastAt)).toFixed(0);
    lastSent = s.sent;
    lastAt = at;
    console.log(
      `t=${secs}s devices=${s.devices} connected=${s.connected} sent=${s.sent} (${rate}/s) acked=${s.acked} ` +
        `buffered=${s.buffered} dropped=${s.dropped} errors=${s.errors}`,
    );
  };
  const timer = setInterval(report, 10_000);
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    report();
    await sim.stop();
    process.exit(0);
  };
  if (values.duration !== undefined) setTimeout(stop, num("duration", values.duration) * 1000);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}

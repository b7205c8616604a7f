/**
 * The browsers of the live benchmarks, in a process of their own as real browsers are: `count` live-channel
 * clients bound to one company. The first one measures: for each position it receives, arrival time minus the
 * gateway's read of the frame. Each second it reports that second's count and median (for a warm-up); between
 * the parent's `measure` and `stop` it keeps every age and reports them all with `stop`.
 * Run by live-clients.ts (`fork`), never by hand; talks over the IPC channel only.
 */
import WebSocket from "ws";
import { z } from "zod";
import { percentile, positionAges } from "./support.ts";

const args = z
  .object({
    url: z.string().url(),
    token: z.string(),
    companyId: z.coerce.number().int(),
    count: z.coerce.number().int().positive(),
  })
  .parse(JSON.parse(process.argv[2] ?? "{}"));
const command = z.object({ type: z.enum(["measure", "stop"]) });
const send = (message: object) => process.send?.(message);

let measuring = false;
const ages: number[] = [];
let window: number[] = [];
let frames = 0;
let errors = 0;
const clients: WebSocket[] = [];
for (let i = 0; i < args.count; i++) {
  const ws = new WebSocket(`${args.url.replace("http", "ws")}/fr/ws/`);
  ws.on("error", () => {
    errors += 1;
  });
  const measured = i === 0;
  ws.on("message", (raw) => {
    frames += 1;
    if (!measured) return;
    for (const age of positionAges(String(raw), Date.now())) {
      if (measuring) ages.push(age);
      window.push(age);
    }
  });
  await new Promise<void>((resolve) => ws.on("open", () => resolve()));
  ws.send(JSON.stringify({ type: "initialize", data: { accessToken: args.token } }));
  ws.send(JSON.stringify({ type: "bindCompany", data: { id: args.companyId } }));
  clients.push(ws);
}

const ticker = setInterval(() => {
  const sorted = window.sort((a, b) => a - b);
  send({ type: "window", count: sorted.length, p50: sorted.length > 0 ? percentile(sorted, 50) : null });
  window = [];
}, 1000);

process.on("message", (raw) => {
  const { type } = command.parse(raw);
  if (type === "measure") {
    measuring = true;
    return;
  }
  measuring = false;
  clearInterval(ticker);
  for (const ws of clients) ws.close();
  ages.sort((a, b) => a - b);
  // Exit only once the result has left: a channel closed right after `send` can lose it.
  process.send?.({ type: "result", ages, frames, errors }, () => process.exit(0));
});
send({ type: "ready" });

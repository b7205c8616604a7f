import { type LiveServerMessage, liveServerMessageSchema } from "@vigia/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestPlatform, type TestPlatform } from "../support/platform.ts";

let p: TestPlatform;
let acme: number;
beforeAll(async () => {
  p = await startTestPlatform();
  acme = (await p.ctx.db.query<{ id: number }>("select id from companies where name = 'Acme Logistics'"))[0]!
    .id;
});
afterAll(async () => {
  await p?.close();
});

/**
 * A raw live socket that hands out the server's messages one by one, in order. Every message must match the
 * shared server schema: the browser worker drops anything that does not.
 */
function openRawChannel() {
  const ws = new WebSocket(`${p.url.replace("http", "ws")}/fr/ws/`);
  const received: LiveServerMessage[] = [];
  const invalid: unknown[] = [];
  const waiting: ((m: LiveServerMessage) => void)[] = [];
  ws.on("message", (raw) => {
    for (const item of [JSON.parse(String(raw))].flat()) {
      const parsed = liveServerMessageSchema.safeParse(item);
      if (!parsed.success) {
        invalid.push(item);
        continue;
      }
      const waiter = waiting.shift();
      if (waiter) waiter(parsed.data);
      else received.push(parsed.data);
    }
  });
  const opened = new Promise<void>((resolve) => ws.on("open", () => resolve()));
  const next = (): Promise<LiveServerMessage> => {
    const queued = received.shift();
    return queued ? Promise.resolve(queued) : new Promise((resolve) => waiting.push(resolve));
  };
  return { ws, opened, next, invalid, sendText: (text: string) => ws.send(text) };
}

describe("live channel: malformed client messages", () => {
  let channel: ReturnType<typeof openRawChannel>;
  beforeAll(async () => {
    channel = openRawChannel();
    await channel.opened;
  });
  afterAll(() => channel.ws.close());

  it.each([
    ["an empty object", "{}", { description: "message.invalid", fields: { type: "invalid_union" } }],
    [
      "initialize without data",
      '{"type":"initialize"}',
      { description: "message.invalid", request: "initialize", fields: { data: "invalid_type" } },
    ],
    [
      "accessToken with an empty data",
      '{"type":"accessToken","data":{}}',
      {
        description: "message.invalid",
        request: "accessToken",
        fields: { "data.accessToken": "invalid_type" },
      },
    ],
    ["garbage", "{not json", { description: "invalid.json" }],
    ["a bare number", "42", { description: "message.invalid", fields: { message: "invalid_type" } }],
    [
      "an unknown type",
      '{"type":"teleport","data":{"id":1}}',
      { description: "message.invalid", request: "teleport", fields: { type: "invalid_union" } },
    ],
    [
      "an array of messages",
      '[{"type":"closeCompany"}]',
      { description: "message.invalid", fields: { message: "invalid_type" } },
    ],
    [
      "a valid message before initialize",
      '{"type":"bindCompany","data":{"id":1}}',
      { description: "not.initialized", request: "bindCompany" },
    ],
  ])("answers %s with an error message", async (_name, text, data) => {
    channel.sendText(text);
    expect(await channel.next()).toEqual({ type: "error", data });
    expect(channel.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("keeps the socket usable: it then initializes, binds and refuses a bad field in order", async () => {
    const token = await p.api.token("admin@acme.demo");
    channel.sendText(JSON.stringify({ type: "initialize", data: { accessToken: token } }));
    channel.sendText(JSON.stringify({ type: "bindCompany", data: { id: acme } }));
    channel.sendText(JSON.stringify({ type: "inVehicle", data: { id: "7" } }));
    const initialize = await channel.next();
    expect(initialize).toMatchObject({ type: "initialize", data: { ok: true } });
    const bind = await channel.next();
    expect(bind.type === "bindCompany" && bind.data.id).toBe(acme);
    expect(await channel.next()).toMatchObject({ type: "companyStatus", data: { id: acme } });
    expect(await channel.next()).toEqual({
      type: "error",
      data: { description: "message.invalid", request: "inVehicle", fields: { "data.id": "invalid_type" } },
    });
    expect(channel.invalid).toEqual([]);
  });
});

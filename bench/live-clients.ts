/**
 * Live-channel clients in a child process (live-clients-child.ts): what the benchmarks measure is the server,
 * not the server plus the parsing of its own clients on the same event loop.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const fromChild = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready") }),
  z.object({ type: z.literal("window"), count: z.number(), p50: z.number().nullable() }),
  z.object({ type: z.literal("result"), ages: z.array(z.number()), frames: z.number(), errors: z.number() }),
]);

export interface LiveClients {
  /** Calls `listener` each second with that second's positions and their median age (null when none). */
  onWindow(listener: (count: number, p50: number | null) => void): void;
  /** From now on the first client keeps every age. */
  measure(): void;
  /** Closes the clients: the ages kept since `measure` (sorted), frames received by all, socket errors. */
  stop(): Promise<{ ages: number[]; frames: number; errors: number }>;
}

/** Starts `count` clients bound to the company; resolves once each has opened and asked for the company. */
export async function startLiveClients(
  url: string,
  token: string,
  companyId: number,
  count: number,
): Promise<LiveClients> {
  const child = fork(
    fileURLToPath(new URL("./live-clients-child.ts", import.meta.url)),
    [JSON.stringify({ url, token, companyId, count })],
    { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const windowListeners: ((count: number, p50: number | null) => void)[] = [];
  let ready: () => void = () => undefined;
  let result: (value: { ages: number[]; frames: number; errors: number }) => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const finished = new Promise<{ ages: number[]; frames: number; errors: number }>((resolve) => {
    result = resolve;
  });
  child.on("message", (raw) => {
    const message = fromChild.parse(raw);
    if (message.type === "ready") ready();
    else if (message.type === "window")
      for (const listener of windowListeners) listener(message.count, message.p50);
    else result(message);
  });
  const exited = new Promise<never>((_, reject) =>
    child.on("exit", (code) => reject(new Error(`live clients exited with ${code}`))),
  );
  await Promise.race([started, exited]);
  return {
    onWindow: (listener) => windowListeners.push(listener),
    measure: () => child.send({ type: "measure" }),
    stop: async () => {
      child.send({ type: "stop" });
      return Promise.race([finished, exited]);
    },
  };
}

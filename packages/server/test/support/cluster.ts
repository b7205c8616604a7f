import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const BIN = path.resolve(import.meta.dirname, "../../bin/vigia.mjs");

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on the port (NATS, PostgreSQL). */
export function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** One `vigia <role>` child process and its log so far. */
export interface Node {
  name: string;
  child: ChildProcess;
  log(): string;
  exited: Promise<void>;
}

/** Starts `vigia <role>` and resolves once its log shows `ready` (or rejects if it exits first). */
export function startNode(
  name: string,
  role: string,
  env: Record<string, string>,
  ready: string,
): Promise<Node> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, role], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    const node: Node = { name, child, log: () => log, exited };
    const onData = (chunk: Buffer) => {
      const before = log.includes(ready);
      log += chunk.toString();
      if (process.env.CLUSTER_NODE_LOGS)
        appendFileSync(`${process.env.CLUSTER_NODE_LOGS}/${name}.log`, chunk);
      if (!before && log.includes(ready)) resolve(node);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code, signal) =>
      reject(new Error(`${name} exited early (${code ?? signal}): ${log.slice(-3000)}`)),
    );
  });
}

/** Runs `vigia <command>` to its end. */
export function runOnce(command: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, command], { env: { ...process.env, ...env }, stdio: "pipe" });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`vigia ${command}: ${out}`))));
  });
}

export async function stopNode(node: Node): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  node.child.kill("SIGTERM");
  await node.exited;
}

/**
 * Polls `check` until it returns a value that is not undefined, or fails after `deadlineMs` (generous: slow CI).
 * Waiting on the condition itself rather than sleeping a fixed time keeps the test independent of machine speed.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  deadlineMs = 90_000,
): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

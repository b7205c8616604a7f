/// <reference lib="webworker" />
import { LiveChannel, type SocketLike, type WorkerCommand, type WorkerEvent } from "./channel.ts";

/**
 * The Web Worker that owns the live WebSocket, so parsing and buffering thousands of messages a second never
 * competes with map rendering on the main thread.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

const channel = new LiveChannel({
  connect: (url) => new WebSocket(url) as unknown as SocketLike,
  post: (event: WorkerEvent) => scope.postMessage(event),
  timers: {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (handle) => clearInterval(handle as number),
  },
  random: Math.random,
  warn: (text, rejected) => console.warn(text, rejected),
});

scope.onmessage = (event: MessageEvent<WorkerCommand>) => channel.handle(event.data);

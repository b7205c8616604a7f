import { type ClientMessage, FRONT_RELOAD_DELAY_MS, type ServerMessage } from "@vigia/domain";
import { atom } from "./atom.ts";
import type { WorkerCommand, WorkerEvent } from "./channel.ts";
import { mapStats, recordApply } from "./stats.ts";
import { liveItems } from "./store.ts";

/** Connection state shown on the map ("live" badge). */
export const liveConnected = atom(false);
/** The last `alert` text the server pushed, shown as a notification by the page. */
export const liveAlert = atom<{ text: string; at: number } | null>(null);

/** Applies one batch to the store (and, through its subscribers, to the map), timing the main-thread work. */
export function applyBatch(messages: readonly ServerMessage[]): void {
  const t0 = performance.now();
  liveItems.apply(messages);
  const t1 = performance.now();
  const stats = mapStats();
  if (stats) recordApply(stats, t1 - t0, t1, liveItems.items.size);
}

/**
 * Listeners for messages the stores do not handle (alarmlog, alarmlogState, alarmlogDelete, poi…), for any
 * panel that wants them without owning the channel. Returns the unsubscribe function.
 */
const messageListeners = new Set<(message: ServerMessage) => void>();
export function onLiveMessage(listener: (message: ServerMessage) => void): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}

/** True when the server's front version (initTs) is newer than the one this browser last ran. */
export function isNewFrontVersion(initTs: number | undefined, stored: number | null): boolean {
  return typeof initTs === "number" && stored !== null && initTs > stored;
}

export interface LiveClientDeps {
  /** The current access token (changes when the session refreshes it). */
  accessToken(): string | null;
  readFrontVersion(): number | null;
  writeFrontVersion(initTs: number): void;
  /** Token check before reloading for a new front: GET current/user through the API client. */
  checkToken(): Promise<unknown>;
  reload(): void;
  /** Messages the stores do not handle (vTrack, companyStatus, poi, alarmlog…). */
  onMessage?(message: ServerMessage): void;
}

/** How often the main thread looks for a refreshed token to hand to the worker. */
const TOKEN_POLL_MS = 5000;

export function liveSocketUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/fr/ws/`;
}

/**
 * Main-thread side of the live channel: starts the worker with the access token, tells it about token
 * refreshes, page visibility and the company, and applies what it posts to the stores.
 */
export class LiveClient {
  private worker: Worker | null = null;
  private token: string | null = null;
  private tokenTimer: ReturnType<typeof setInterval> | null = null;
  private reloading = false;
  private readonly onVisibility = () => this.post({ cmd: "visible", visible: !document.hidden });

  constructor(private readonly deps: LiveClientDeps) {}

  start(companyId: number): void {
    if (this.worker) {
      this.post({ cmd: "company", companyId });
      return;
    }
    const token = this.deps.accessToken();
    if (!token || typeof Worker === "undefined") return;
    this.token = token;
    this.worker = new Worker(new URL("./live-worker.ts", import.meta.url), { type: "module" });
    this.worker.onmessage = (event: MessageEvent<WorkerEvent>) => this.receive(event.data);
    this.post({
      cmd: "start",
      url: liveSocketUrl(window.location),
      accessToken: token,
      companyId,
      visible: !document.hidden,
    });
    document.addEventListener("visibilitychange", this.onVisibility);
    this.tokenTimer = setInterval(() => {
      const current = this.deps.accessToken();
      if (current && current !== this.token) {
        this.token = current;
        this.post({ cmd: "token", accessToken: current });
      }
    }, TOKEN_POLL_MS);
  }

  send(message: ClientMessage): void {
    this.post({ cmd: "send", message });
  }

  stop(): void {
    if (!this.worker) return;
    this.post({ cmd: "stop" });
    const worker = this.worker;
    // Give the worker a moment to say closeCompany before it is torn down.
    setTimeout(() => worker.terminate(), 200);
    this.worker = null;
    document.removeEventListener("visibilitychange", this.onVisibility);
    if (this.tokenTimer) clearInterval(this.tokenTimer);
    this.tokenTimer = null;
    liveConnected.set(false);
    liveItems.clear();
  }

  private post(command: WorkerCommand): void {
    this.worker?.postMessage(command);
  }

  private receive(event: WorkerEvent): void {
    if (event.kind === "status") {
      liveConnected.set(event.connected);
      return;
    }
    if (event.kind === "batch") {
      applyBatch(event.messages);
      // Figures are kept only in debug mode (see platform/debug.ts).
      const stats = mapStats();
      if (stats) stats.rejectedMessages = event.rejected;
      return;
    }
    this.dispatch(event.message);
  }

  private dispatch(message: ServerMessage): void {
    switch (message.type) {
      case "bindCompany":
        if (isNewFrontVersion(message.data.initTs, this.deps.readFrontVersion())) {
          this.newFront(message.data.initTs);
          return;
        }
        liveItems.loadSnapshot(message.data);
        return;
      case "checkToken":
        this.newFront(message.data.frontVersion);
        return;
      case "inVehicle":
      case "inAsset":
      case "inPerson":
        liveItems.applyDetail(message.data);
        return;
      case "alert":
        liveAlert.set({ text: message.data.text, at: Date.now() });
        return;
      case "vDriver":
      case "dVehicle":
      case "vDtc":
      case "vCustomState":
      case "aCustomState":
      case "pCustomState":
      case "vOffline":
      case "aOffline":
      case "pOffline":
      case "vEnded":
      case "aEnded":
      case "pEnded":
        liveItems.apply([message]);
        return;
      default:
        this.deps.onMessage?.(message);
        for (const listener of messageListeners) listener(message);
    }
  }

  /** A new front was deployed: make sure the session is still good, then reload onto it. */
  private newFront(initTs: number | undefined): void {
    if (this.reloading) return;
    this.reloading = true;
    if (typeof initTs === "number") this.deps.writeFrontVersion(initTs);
    void this.deps
      .checkToken()
      .catch(() => undefined)
      .finally(() => setTimeout(() => this.deps.reload(), FRONT_RELOAD_DELAY_MS));
  }
}

import { type ClientMessage, LIVE_FLUSH_INTERVAL_MS, type ServerMessage } from "@vigia/domain";
import { backoffMs, isHighFrequency, LiveBuffer, parseFrame, type RejectedMessage } from "./buffer.ts";

/** Main thread → worker. */
export type WorkerCommand =
  | { cmd: "start"; url: string; accessToken: string; companyId: number | null; visible: boolean }
  | { cmd: "token"; accessToken: string }
  | { cmd: "company"; companyId: number | null }
  | { cmd: "visible"; visible: boolean }
  | { cmd: "send"; message: ClientMessage }
  | { cmd: "stop" };

/** Worker → main thread. */
export type WorkerEvent =
  /** dropped: buffer overflow; rejected: messages that failed the schema; both since the worker started. */
  | { kind: "batch"; messages: ServerMessage[]; dropped: number; rejected: number }
  | { kind: "message"; message: ServerMessage }
  | { kind: "status"; connected: boolean };

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((this: SocketLike, ev: Event) => unknown) | null;
  onmessage: ((this: SocketLike, ev: MessageEvent) => unknown) | null;
  onclose: ((this: SocketLike, ev: CloseEvent) => unknown) | null;
  onerror: ((this: SocketLike, ev: Event) => unknown) | null;
}

export interface ChannelTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface ChannelDeps {
  connect(url: string): SocketLike;
  post(event: WorkerEvent): void;
  timers: ChannelTimers;
  random(): number;
  /** Where a refused server message is reported (console.warn in the worker). */
  warn(text: string, rejected: RejectedMessage & { count: number }): void;
}

/** A type that keeps failing is reported on its 1st, 1000th, 2000th… refusal, not thousands of times a second. */
const WARN_EVERY = 1000;

const OPEN = 1;

/**
 * Which standing request a client message belongs to. The server forgets them when the socket drops or the
 * company is closed, so the channel replays the latest of each after every bind.
 */
export function stickySlot(message: ClientMessage): string | null {
  switch (message.type) {
    case "mapGroupsSelected":
      return "groups";
    case "inVehicle":
    case "inAsset":
    case "inPerson":
    case "outVehicle":
    case "outAsset":
    case "outPerson":
      return "selection";
    case "sensorTableOn":
    case "sensorTableOff":
      return "sensorTable";
    case "userInMap":
      return "userInMap";
    default:
      return null;
  }
}

/** A standing request that, once replayed, would only undo something: nothing to replay. */
function isRelease(message: ClientMessage): boolean {
  return message.type.startsWith("out") || message.type === "sensorTableOff";
}

/**
 * The live channel as it runs inside the Web Worker: one socket, re-opened with backoff, a 1 s flush of the
 * high-frequency buffer, and everything else forwarded at once. Free of worker globals so it can be tested.
 */
export class LiveChannel {
  private socket: SocketLike | null = null;
  private url = "";
  private token = "";
  private companyId: number | null = null;
  private visible = true;
  private running = false;
  private attempt = 0;
  private reconnectTimer: unknown = null;
  private flushTimer: unknown = null;
  private readonly buffer = new LiveBuffer();
  private readonly sticky = new Map<string, ClientMessage>();
  private readonly rejectedByType = new Map<string | null, number>();
  /** Server messages dropped because they did not match the schema. */
  rejected = 0;

  constructor(private readonly deps: ChannelDeps) {}

  handle(command: WorkerCommand): void {
    switch (command.cmd) {
      case "start":
        this.url = command.url;
        this.token = command.accessToken;
        this.companyId = command.companyId;
        this.visible = command.visible;
        this.running = true;
        this.flushTimer ??= this.deps.timers.setInterval(() => this.flush(), LIVE_FLUSH_INTERVAL_MS);
        this.open();
        break;
      case "token":
        this.token = command.accessToken;
        this.send({ type: "accessToken", data: { accessToken: command.accessToken } });
        break;
      case "company":
        if (this.companyId !== null && this.companyId !== command.companyId)
          this.send({ type: "closeCompany" });
        this.companyId = command.companyId;
        this.sticky.clear();
        this.buffer.drain();
        this.bind();
        break;
      case "visible":
        if (command.visible === this.visible) break;
        this.visible = command.visible;
        // A hidden tab stops the server from streaming to it; showing it again rebinds for a fresh snapshot.
        if (command.visible) this.bind();
        else if (this.companyId !== null) this.send({ type: "closeCompany" });
        break;
      case "send": {
        const slot = stickySlot(command.message);
        if (slot) {
          if (isRelease(command.message)) this.sticky.delete(slot);
          else this.sticky.set(slot, command.message);
        }
        this.send(command.message);
        break;
      }
      case "stop":
        this.stop();
        break;
    }
  }

  /** Posts whatever the buffer holds as one batch; called by the interval and usable by tests. */
  flush(): void {
    if (this.buffer.size === 0) return;
    this.deps.post({
      kind: "batch",
      messages: this.buffer.drain(),
      dropped: this.buffer.dropped,
      rejected: this.rejected,
    });
  }

  private open(): void {
    if (!this.running) return;
    const socket = this.deps.connect(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.send({ type: "initialize", data: { accessToken: this.token } });
      this.bind();
      this.deps.post({ kind: "status", connected: true });
    };
    socket.onmessage = (event) => {
      if (typeof event.data === "string") this.receive(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.deps.post({ kind: "status", connected: false });
      this.scheduleReconnect();
    };
    // Errors are always followed by close, which handles the retry.
    socket.onerror = () => undefined;
  }

  private receive(text: string): void {
    const { messages, rejected } = parseFrame(text);
    for (const refused of rejected) this.reject(refused);
    for (const message of messages) {
      if (isHighFrequency(message)) this.buffer.push(message);
      else {
        // Anything queued before a snapshot is older than the snapshot itself.
        if (message.type === "bindCompany") this.buffer.drain();
        this.deps.post({ kind: "message", message });
      }
    }
  }

  private reject(refused: RejectedMessage): void {
    this.rejected++;
    const count = (this.rejectedByType.get(refused.type) ?? 0) + 1;
    this.rejectedByType.set(refused.type, count);
    if (count === 1 || count % WARN_EVERY === 0)
      this.deps.warn(`live: dropped a malformed ${refused.type ?? "untyped"} message`, { ...refused, count });
  }

  private bind(): void {
    if (this.companyId === null || !this.visible) return;
    this.send({ type: "bindCompany", data: { id: this.companyId } });
    for (const message of this.sticky.values()) this.send(message);
  }

  private send(message: ClientMessage): void {
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private scheduleReconnect(): void {
    if (!this.running || this.reconnectTimer !== null) return;
    const delay = backoffMs(this.attempt++, this.deps.random());
    this.reconnectTimer = this.deps.timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }

  private stop(): void {
    this.running = false;
    if (this.reconnectTimer !== null) this.deps.timers.clearTimeout(this.reconnectTimer);
    if (this.flushTimer !== null) this.deps.timers.clearInterval(this.flushTimer);
    this.reconnectTimer = null;
    this.flushTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      if (socket.readyState === OPEN && this.companyId !== null)
        socket.send(JSON.stringify({ type: "closeCompany" }));
      socket.close();
    }
    this.buffer.drain();
  }
}

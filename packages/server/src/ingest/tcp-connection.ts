/**
 * One device connection of a TCP protocol: decoding, ACKs in order once committed, configuration and map commands
 * on the same socket. The gateway (gateway.ts) accepts connections and hands each one here.
 */
import type net from "node:net";
import {
  commandsOf,
  type DecodedMessage,
  encodeDeviceCommand,
  navtelecomIdsOf,
  protocols,
  type TcpProtocolName,
} from "@vigia/protocols";
import type { FastifyBaseLogger } from "fastify";
import {
  binaryConfigFrame,
  type ConfigCommands,
  configurable,
  type PendingConfig,
} from "./config-commands.ts";
import type { DeviceCommandQueue } from "./device-commands.ts";
import { requireHandshake } from "./device-limits.ts";
import type { IngestQueue, SubmitResult } from "./queue.ts";
import type { ReadGate } from "./read-gate.ts";
import { ingestRecordOf } from "./record.ts";

/** An idle device connection is closed after this long; real devices send at least a heartbeat well within it. */
const IDLE_TIMEOUT_MS = 10 * 60_000;
/** Messages waiting for their commit on one connection before the socket is paused (backpressure). */
const MAX_IN_FLIGHT = 256;

/** Whether a message goes to the processor: everything but a device's bare answer to a command. */
function takesPositions(message: DecodedMessage): boolean {
  return message.kind !== "commandResult" || message.positions.length > 0 || message.undecoded !== undefined;
}

/**
 * The same promise, marked as handled: a submission started ahead of its turn is awaited in turn, but the
 * connection may close before that (a failure is then only logged by the messages' chain, never unhandled).
 */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * One TCP connection: frames are decoded as they arrive, but each message's ACK is written only after
 * the processor has committed its positions, and in the order the messages came.
 */
export function handleTcp(
  socket: net.Socket,
  protocol: TcpProtocolName,
  processor: IngestQueue,
  log: FastifyBaseLogger,
  commands: ConfigCommands | null,
  handshakeTimeoutMs: number,
  deviceCommands: DeviceCommandQueue | null,
  now: () => number,
  gate: ReadGate,
): void {
  const session = protocols[protocol].createSession();
  // Configuration is delivered over Teltonika Codec 12, GT06 0x80 and the text protocols with configuration
  // commands (`CONFIG_COMMAND_PROTOCOLS`); map commands wherever the protocol has a command channel.
  const configures = configurable(protocol);
  /** Teltonika and GT06 log in; the text protocols identify themselves with every frame. */
  const logsIn = protocol === "teltonika" || protocol === "gt06";
  const commandable = commandsOf(protocol).length > 0;
  /** The dialect the device writes (watch maker `SG`/`3G`, Suntech model, Wialon version); its commands use the same. */
  let maker: string | undefined;
  const remote = `${socket.remoteAddress ?? ""}:${socket.remotePort ?? ""}`;
  const identified = requireHandshake(socket, handshakeTimeoutMs, () =>
    log.debug({ protocol, remote }, "device did not identify itself in time; closing"),
  );
  let chain: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let closed = false;
  /** Whether the processor has stored something of this device on this connection. */
  let admitted = false;
  /** Configuration sent on this connection and the answers still expected for it. */
  let sent: (PendingConfig & { waiting: number; results: string[] }) | null = null;
  let serial = 0;
  /** Numbers the frames this connection writes to the device: the session's own numbering where it has one. */
  const nextSerial = (): number => {
    const own = session.nextSerial?.();
    if (own !== undefined) return own;
    serial = (serial + 1) & 0xffff;
    return serial;
  };
  /** Whose answer each frame written on this connection expects, in order: the configuration or a command id. */
  const expects: ("config" | number)[] = [];
  let detach: (() => void) | null = null;
  socket.setTimeout(IDLE_TIMEOUT_MS, () => {
    log.info({ protocol, remote, imei: session.imei() }, "device connection idle; closing");
    socket.destroy();
  });
  socket.on("close", () => {
    closed = true;
    gate.forget(socket);
    detach?.();
  });
  socket.on("error", () => socket.destroy());

  /** After the device identified itself: its pending configuration, if any, goes out right behind the ACK. */
  const sendPending = async (imei: string): Promise<void> => {
    if (!commands || !configures) return;
    // Text protocols: the very frames (and dialect) their map commands travel in, so the same answers confirm them.
    const pending = await commands.pending(protocol, imei, (p, text) =>
      logsIn
        ? binaryConfigFrame(p, text, nextSerial)
        : encodeDeviceCommand(p, text, {
            imei,
            serial: nextSerial(),
            id: 0,
            nowMs: now(),
            ...(maker ? { maker } : {}),
          }),
    );
    if (!pending || closed) return;
    const waiting = pending.answered.filter(Boolean).length;
    // Nothing the device answers (a GPS103 interval alone): written, but it stays 'awaiting'.
    sent = waiting > 0 ? { ...pending, waiting, results: [] } : null;
    pending.frames.forEach((frame, i) => {
      if (pending.answered[i]) expects.push("config");
      socket.write(frame);
    });
    log.info({ protocol, remote, imei, commands: pending.frames.length }, "configuration sent to device");
  };

  /** A device answer: once every command was answered, the configuration counts as updated. */
  const settle = async (imei: string, result: string): Promise<void> => {
    if (!commands || !sent) return;
    sent.results.push(result);
    sent.waiting -= 1;
    if (sent.waiting > 0) return;
    const done = sent;
    sent = null;
    const updated = await commands.acknowledged(imei, done.requestedTs, done.results.join("\n"));
    log.info({ protocol, remote, imei, updated }, "device answered its configuration");
  };

  /** The processor's answer to a message, started at once when the device is admitted (see `submitted`). */
  const submit = (message: DecodedMessage & { imei: string }, readTs: number) =>
    processor.submit(ingestRecordOf(protocol, message, remote, readTs));

  const handle = async (
    message: DecodedMessage,
    readTs: number,
    submitted: Promise<SubmitResult> | null,
  ): Promise<void> => {
    if (message.imei === null) {
      // A log-in the decoder refused (Wialon IPS 2.0 with a wrong CRC) names no device, but its error code is
      // what makes the device log in again.
      if (message.kind === "login" && message.ack && !closed) socket.write(message.ack);
      return;
    }
    if (message.kind === "commandResult") {
      // Answers need no ACK; the device is known since it identified itself.
      const owner = expects.shift();
      if (typeof owner === "number" && deviceCommands)
        await deviceCommands.answered(owner, String(message.attributes.result ?? ""));
      else await settle(message.imei, String(message.attributes.result ?? ""));
      // An H02 confirmation also carries a fix: that goes on like any position. A Galileosky answer is a packet
      // like any other and wants its ACK, or the device sends it again (after its unread part is quarantined).
      if (message.positions.length === 0 && message.undecoded === undefined) {
        if (message.ack && !closed) socket.write(message.ack);
        return;
      }
    }
    const result = await (submitted ?? submit({ ...message, imei: message.imei }, readTs));
    if (closed) return;
    if (result === "stored") admitted = true;
    if (result === "unknown") {
      log.info({ protocol, remote, imei: message.imei }, "unknown device; kept in the unknown-devices list");
      socket.destroy();
      return;
    }
    if (message.ack) socket.write(message.ack);
    if (message.kind === "login") {
      maker ??= commandDialect(protocol, message.raw);
      await sendPending(message.imei);
      await attachCommands(message.imei);
    } else if (!detach && commandable && !logsIn) {
      // Text protocols have no log-in: the first frame of a registered device opens its command channel and
      // carries its pending configuration, if its protocol has configuration commands.
      maker ??= commandDialect(protocol, message.raw);
      await sendPending(message.imei);
      await attachCommands(message.imei);
    }
  };

  /** Commands from the map reach the device on this connection from now on; queued ones go out at once. */
  const attachCommands = async (imei: string): Promise<void> => {
    if (!deviceCommands || !commandable || closed) return;
    detach?.();
    detach = deviceCommands.attach(imei, {
      protocol,
      ...(maker ? { maker } : {}),
      nextSerial,
      write: (commandId, frame) => {
        if (closed) return false;
        expects.push(commandId);
        socket.write(frame);
        return true;
      },
    });
    await deviceCommands.deliver(imei);
  };

  const resume = (): void => {
    if (!closed && inFlight < MAX_IN_FLIGHT / 2) socket.resume();
  };

  socket.on("data", (chunk: Buffer) => {
    // Received when read from the socket, not when its turn in this connection's ACK order comes.
    const readTs = now();
    const out = session.push(chunk);
    if (session.imei() !== null) identified();
    let positions = 0;
    for (const message of out.messages) {
      positions += message.positions.length;
      inFlight += 1;
      if (inFlight >= MAX_IN_FLIGHT) socket.pause();
      // Once the device is admitted, a message's positions join the processor's queue as soon as they are read,
      // and only its ACK waits for the messages before it: a device that sends without waiting for answers (GT06
      // location packets have none) is not held to one commit per message. Until then (a log-in whose key is
      // still being checked) everything waits its turn, so nothing is taken from a device that is then refused.
      const submitted =
        admitted && message.imei !== null && takesPositions(message)
          ? quiet(submit({ ...message, imei: message.imei }, readTs))
          : null;
      chain = chain
        .then(() => handle(message, readTs, submitted))
        .catch((error: unknown) => {
          // Not stored means not acknowledged: the device keeps the records and sends them again.
          log.warn(
            { protocol, remote, err: error instanceof Error ? error.message : error },
            "device data not stored",
          );
          socket.destroy();
        })
        .finally(() => {
          inFlight -= 1;
          if (inFlight < MAX_IN_FLIGHT / 2 && socket.isPaused() && !gate.holds(socket)) socket.resume();
        });
    }
    // While the processor is full this connection is not read again until it has room (read-gate.ts).
    if (gate.afterRead(socket, positions, { resume })) socket.pause();
    if (out.error) {
      log.warn(
        { protocol, remote, imei: session.imei(), error: out.error },
        "bad device data; closing connection",
      );
      // Finish acknowledging what was decoded before the bad frame, then close.
      void chain.finally(() => socket.destroy());
    }
  });
}

/**
 * The dialect a device shows in its frames (watch maker code, Suntech model, Wialon IPS version, Queclink protocol
 * version, Topflytech packet header, Navtelecom NTCB ids), for its commands.
 */
function commandDialect(protocol: string, raw: Buffer | undefined): string | undefined {
  if (!raw) return undefined;
  // Navtelecom: commands go to the NTCB ids the device's log-in used.
  if (protocol === "navtelecom") return navtelecomIdsOf(raw);
  // Topflytech: commands go with the header the device writes (0x2323, 0x2525 or 0x2727).
  if (protocol === "topflytech") return raw.length >= 2 ? raw.toString("hex", 0, 2) : undefined;
  if (protocol === "suntech") {
    // The model header the device writes (ST300, SA200…) is the one its commands must carry.
    const model = raw.toString("latin1", 0, 5);
    return /^[A-Z]{2}\d{3}$/.test(model) ? model : undefined;
  }
  if (protocol === "wialon") return raw.toString("latin1", 0, 7) === "#L#2.0;" ? "2.0" : "1.1";
  if (protocol === "gl200") {
    // The protocol version right after the report type: its first byte names the model (and its password).
    const version = /^\+[A-Z]+:GT[A-Z0-9]{3},([0-9A-F]{6}),/.exec(raw.toString("latin1", 0, 40))?.[1];
    return version;
  }
  if (raw.length < 4 || raw[0] !== 0x5b || raw[3] !== 0x2a) return undefined;
  const code = raw.toString("latin1", 1, 3);
  return /^[A-Z0-9]{2}$/.test(code) ? code : undefined;
}

import http from "node:http";
import net from "node:net";
import { type DecodedMessage, decodeOsmAndRequest, protocols } from "@vigia/protocols";
import type { FastifyBaseLogger } from "fastify";
import type { ConfigCommands, PendingConfig } from "./config-commands.ts";
import type { Processor } from "./processor.ts";

/** An idle device connection is closed after this long; real devices send at least a heartbeat well within it. */
export const IDLE_TIMEOUT_MS = 10 * 60_000;
/** Messages waiting for their commit on one connection before the socket is paused (backpressure). */
const MAX_IN_FLIGHT = 256;

export interface GatewayPorts {
  teltonika: number;
  gt06: number;
  osmand: number;
}

export interface Gateway {
  ports: GatewayPorts;
  close(): Promise<void>;
}

function listen(server: net.Server | http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/**
 * One TCP connection: frames are decoded as they arrive, but each message's ACK is written only after
 * the processor has committed its positions, and in the order the messages came.
 */
function handleTcp(
  socket: net.Socket,
  protocol: "teltonika" | "gt06",
  processor: Processor,
  log: FastifyBaseLogger,
  commands: ConfigCommands | null,
): void {
  const session = protocols[protocol].createSession();
  const remote = `${socket.remoteAddress ?? ""}:${socket.remotePort ?? ""}`;
  let chain: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let closed = false;
  /** Configuration sent on this connection and the answers still expected for it. */
  let sent: (PendingConfig & { waiting: number; results: string[] }) | null = null;
  let serial = 0;
  socket.setTimeout(IDLE_TIMEOUT_MS, () => {
    log.info({ protocol, remote, imei: session.imei() }, "device connection idle; closing");
    socket.destroy();
  });
  socket.on("close", () => {
    closed = true;
  });
  socket.on("error", () => socket.destroy());

  /** After the device identified itself: its pending configuration, if any, goes out right behind the ACK. */
  const sendPending = async (imei: string): Promise<void> => {
    if (!commands) return;
    const pending = await commands.pending(protocol, imei, () => (serial = (serial + 1) & 0xffff));
    if (!pending || closed) return;
    sent = { ...pending, waiting: pending.frames.length, results: [] };
    for (const frame of pending.frames) socket.write(frame);
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

  const handle = async (message: DecodedMessage): Promise<void> => {
    if (message.imei === null) return;
    if (message.kind === "commandResult") {
      // Answers carry no positions and need no ACK; the device is known since its login.
      await settle(message.imei, String(message.attributes.result ?? ""));
      return;
    }
    const result = await processor.submit({
      protocol,
      imei: message.imei,
      remote,
      positions: message.positions,
    });
    if (closed) return;
    if (result === "unknown") {
      log.info({ protocol, remote, imei: message.imei }, "unknown device; kept in the unknown-devices list");
      socket.destroy();
      return;
    }
    if (message.ack) socket.write(message.ack);
    if (message.kind === "login") await sendPending(message.imei);
  };

  socket.on("data", (chunk: Buffer) => {
    const out = session.push(chunk);
    for (const message of out.messages) {
      inFlight += 1;
      if (inFlight >= MAX_IN_FLIGHT) socket.pause();
      chain = chain
        .then(() => handle(message))
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
          if (inFlight < MAX_IN_FLIGHT / 2 && socket.isPaused()) socket.resume();
        });
    }
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

/** OsmAnd (Traccar Client and similar phone apps): one HTTP request per position batch; 200 is the ACK. */
function handleOsmAnd(processor: Processor, log: FastifyBaseLogger, now: () => number) {
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > 256 * 1024) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (res.writableEnded) return;
      const url = new URL(req.url ?? "/", "http://device");
      const decoded = decodeOsmAndRequest(
        {
          method: req.method ?? "GET",
          query: url.searchParams,
          body: chunks.length > 0 ? Buffer.concat(chunks).toString("utf8") : null,
          contentType: req.headers["content-type"] ?? null,
        },
        now(),
      );
      if (!decoded.ok || decoded.value.imei === null) {
        res.writeHead(400, { "content-type": "text/plain" }).end(decoded.ok ? "missing id" : decoded.error);
        return;
      }
      const message = decoded.value;
      processor
        .submit({
          protocol: "osmand",
          imei: message.imei!,
          remote: req.socket.remoteAddress ?? "",
          positions: message.positions,
        })
        .then((result) => {
          res.writeHead(result === "unknown" ? 404 : 200).end();
        })
        .catch((error: unknown) => {
          log.warn({ err: error instanceof Error ? error.message : error }, "osmand data not stored");
          res.writeHead(503).end();
        });
    });
  };
}

export async function startGateway(
  processor: Processor,
  log: FastifyBaseLogger,
  options: {
    host: string;
    ports: GatewayPorts;
    now: () => number;
    /** Configuration delivery to Teltonika/GT06 devices; OsmAnd has no command channel. */
    commands?: ConfigCommands;
  },
): Promise<Gateway> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  const teltonika = net.createServer((socket) => {
    track(socket);
    handleTcp(socket, "teltonika", processor, log, options.commands ?? null);
  });
  const gt06 = net.createServer((socket) => {
    track(socket);
    handleTcp(socket, "gt06", processor, log, options.commands ?? null);
  });
  const osmand = http.createServer(handleOsmAnd(processor, log, options.now));
  osmand.keepAliveTimeout = 30_000;
  const ports: GatewayPorts = {
    teltonika: await listen(teltonika, options.ports.teltonika, options.host),
    gt06: await listen(gt06, options.ports.gt06, options.host),
    osmand: await listen(osmand, options.ports.osmand, options.host),
  };
  log.info({ ports }, "device gateway listening");
  return {
    ports,
    close: async () => {
      for (const server of [teltonika, gt06]) server.close();
      osmand.closeAllConnections();
      osmand.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

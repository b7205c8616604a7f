import http from "node:http";
import net from "node:net";
import {
  type ProtocolName,
  protocols,
  type TcpProtocolName,
  tcpProtocolNames,
  udpProtocolNames,
} from "@vigia/protocols";
import type { FastifyBaseLogger } from "fastify";
import type { ConfigCommands } from "./config-commands.ts";
import { ConnectionCap, defaultMaxConnections, descriptorLimit } from "./connection-cap.ts";
import type { DeviceCommandQueue } from "./device-commands.ts";
import { AddressCap, DEFAULT_DEVICE_LIMITS, type DeviceLimits, RateLimiter } from "./device-limits.ts";
import { osmAndListener } from "./osmand-listener.ts";
import type { IngestQueue } from "./queue.ts";
import { ReadGate } from "./read-gate.ts";
import type { DeviceRegistry } from "./registry.ts";
import { handleTcp } from "./tcp-connection.ts";
import { listenUdp, type UdpListener } from "./udp-listener.ts";

/** The port each protocol's listener is bound to; 0 for a listener disabled in the configuration. */
export type GatewayPorts = Record<ProtocolName, number>;

export interface Gateway {
  ports: GatewayPorts;
  /** The UDP listeners of the protocols whose devices also use UDP (same number as the TCP port). */
  udpPorts: Partial<Record<TcpProtocolName, number>>;
  /** Device connections open now, the cap on them, and those refused over it since start. */
  connections(): { current: number; max: number; refused: number };
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

export async function startGateway(
  processor: IngestQueue,
  log: FastifyBaseLogger,
  options: {
    host: string;
    /** Port per protocol (absent: the registry's default port); null leaves that listener off. */
    ports: Partial<Record<ProtocolName, number | null>>;
    now: () => number;
    /** Configuration delivery to Teltonika/GT06 devices; OsmAnd has no command channel. */
    commands?: ConfigCommands;
    /** Commands from the map (engine stop, reboot …) for Teltonika/GT06 devices. */
    deviceCommands?: DeviceCommandQueue;
    /** The devices' bindings, for the keys of devices on protocols that carry none of their own. */
    devices: Pick<DeviceRegistry, "lookup" | "recordRefusal">;
    limits?: DeviceLimits;
  },
): Promise<Gateway> {
  const limits = options.limits ?? DEFAULT_DEVICE_LIMITS;
  const sockets = new Set<net.Socket>();
  const gate = new ReadGate(processor);
  const cap = new AddressCap(limits.maxPerAddress);
  const total = new ConnectionCap(
    limits.maxConnections ?? defaultMaxConnections(descriptorLimit()),
    options.now,
    (refusedSoFar) =>
      log.warn({ max: total.max, refused: refusedSoFar }, "device connection cap reached; refusing new ones"),
  );
  let refused = 0;
  /** Admits a device connection under the gateway's and the per-address caps; a refused one is closed at once. */
  const admit = (socket: net.Socket): boolean => {
    socket.on("error", () => socket.destroy());
    if (!total.admit(socket)) {
      socket.destroy();
      return false;
    }
    if (!cap.admit(socket)) {
      // One line per hundred refusals: a flood must not flood the log too.
      if (refused++ % 100 === 0)
        log.warn({ remote: socket.remoteAddress, refused }, "too many device connections from one address");
      socket.destroy();
      return false;
    }
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    return true;
  };
  const tcp = (protocol: TcpProtocolName) =>
    net.createServer((socket) => {
      if (admit(socket))
        handleTcp(
          socket,
          protocol,
          processor,
          log,
          options.commands ?? null,
          limits.handshakeTimeoutMs,
          options.deviceCommands ?? null,
          options.now,
          gate,
        );
    });
  // One listener per TCP protocol of the registry, on its configured port.
  const servers: net.Server[] = [];
  const ports = {} as GatewayPorts;
  /** UDP-only protocols (CalAmp): their configured port, bound by the UDP listener below. */
  const udpOnly = new Map<TcpProtocolName, number>();
  for (const protocol of tcpProtocolNames) {
    const port =
      options.ports[protocol] === undefined ? protocols[protocol].defaultPort : options.ports[protocol];
    ports[protocol] = 0;
    if (port === null) continue;
    if ("udpOnly" in protocols[protocol]) {
      udpOnly.set(protocol, port);
      continue;
    }
    const server = tcp(protocol);
    servers.push(server);
    ports[protocol] = await listen(server, port, options.host);
  }
  // The UDP families listen on the same port number as their TCP listener (TCP and UDP ports are separate); the
  // UDP-only ones on their own configured port.
  const udp: UdpListener[] = [];
  const udpPorts: Partial<Record<TcpProtocolName, number>> = {};
  for (const protocol of udpProtocolNames) {
    const own = udpOnly.get(protocol);
    const port = own ?? ports[protocol];
    if (own === undefined && port === 0) continue;
    try {
      const listener = await listenUdp(protocol, port, options.host, processor, log, options.now);
      udp.push(listener);
      udpPorts[protocol] = listener.port;
      if (own !== undefined) ports[protocol] = listener.port;
    } catch (error) {
      log.warn({ protocol, port, err: (error as Error).message }, "UDP device port unavailable");
    }
  }
  const limiter = new RateLimiter(limits.osmandBurst, limits.osmandPerSecond, options.now);
  const osmand = http.createServer(
    osmAndListener({ processor, log, now: options.now, limiter, devices: options.devices }),
  );
  osmand.keepAliveTimeout = 30_000;
  osmand.on("connection", (socket: net.Socket) => {
    socket.on("error", () => socket.destroy());
    if (!total.admit(socket)) socket.destroy();
  });
  const osmandPort = options.ports.osmand === undefined ? protocols.osmand.defaultPort : options.ports.osmand;
  ports.osmand = osmandPort === null ? 0 : await listen(osmand, osmandPort, options.host);
  log.info({ ports, udp: udpPorts }, "device gateway listening");
  return {
    ports,
    udpPorts,
    connections: () => ({ current: total.current, max: total.max, refused: total.refused }),
    close: async () => {
      for (const server of servers) server.close();
      await Promise.all(udp.map((listener) => listener.close()));
      osmand.closeAllConnections();
      if (osmand.listening) osmand.close();
      gate.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

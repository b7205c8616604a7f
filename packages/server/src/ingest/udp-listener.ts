import dgram from "node:dgram";
import { protocols, type TcpProtocolName } from "@vigia/protocols";
import type { FastifyBaseLogger } from "fastify";
import type { IngestQueue } from "./queue.ts";
import { ingestRecordOf } from "./record.ts";

/** Most datagrams handled at once; beyond that new ones are dropped (the device resends what was not answered). */
const MAX_IN_FLIGHT = 1000;

export interface UdpListener {
  port: number;
  close(): Promise<void>;
}

/**
 * Devices of the text families that report over UDP (H02, Queclink, Meitrack, Suntech): each datagram holds one
 * or more whole frames and stands alone, so it gets a fresh session. As over TCP, the answer goes back (to the
 * datagram's sender) only once the positions are committed, and a datagram of an unregistered device is answered
 * nothing but lands in the unknown-devices list. Garbage is counted in the log and never stops the listener.
 */
export function listenUdp(
  protocol: TcpProtocolName,
  port: number,
  host: string,
  queue: IngestQueue,
  log: FastifyBaseLogger,
  now: () => number,
): Promise<UdpListener> {
  const socket = dgram.createSocket({ type: host.includes(":") ? "udp6" : "udp4", reuseAddr: false });
  let inFlight = 0;
  let dropped = 0;
  socket.on("message", (datagram, from) => {
    if (inFlight >= MAX_IN_FLIGHT) {
      if (dropped++ % 1000 === 0)
        log.warn({ protocol, dropped }, "UDP device datagrams dropped: too many in flight");
      return;
    }
    inFlight += 1;
    const readTs = now();
    const remote = `${from.address}:${from.port}`;
    void handle(datagram, remote, readTs, (answer) => socket.send(answer, from.port, from.address))
      .catch((error: unknown) =>
        log.warn(
          { protocol, remote, err: error instanceof Error ? error.message : error },
          "UDP device data not stored",
        ),
      )
      .finally(() => {
        inFlight -= 1;
      });
  });

  const handle = async (
    datagram: Buffer,
    remote: string,
    readTs: number,
    answer: (bytes: Buffer) => void,
  ): Promise<void> => {
    const session = protocols[protocol].createSession();
    const out = session.push(datagram);
    const last = session.end();
    const messages = [...out.messages, ...last.messages];
    const error = out.error ?? last.error;
    if (error) log.debug({ protocol, remote, error }, "bad UDP device datagram");
    for (const message of messages) {
      if (message.imei === null || message.kind === "commandResult") continue;
      const result = await queue.submit(
        ingestRecordOf(protocol, { ...message, imei: message.imei }, remote, readTs),
      );
      if (result === "unknown") {
        log.info(
          { protocol, remote, imei: message.imei },
          "unknown device over UDP; kept in the unknown-devices list",
        );
        return;
      }
      if (message.ack) answer(message.ack);
    }
  };

  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, host, () => {
      socket.off("error", reject);
      socket.on("error", (error) => log.warn({ protocol, err: error.message }, "UDP device listener error"));
      resolve({
        port: socket.address().port,
        close: () => new Promise<void>((done) => socket.close(() => done())),
      });
    });
  });
}

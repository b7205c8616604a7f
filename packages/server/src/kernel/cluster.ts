import { connect, type NatsConnection } from "@nats-io/transport-node";

const PREFIX = /^[a-z][a-z0-9_-]{0,30}$/;

/**
 * The NATS connection of one node of a cluster (`NATS_URL`), and the names everything on it is filed under.
 * The prefix (`VIGIA_NATS_PREFIX`, default `vigia`) keeps two clusters (or two test runs) on one NATS server
 * apart: subjects `<prefix>.ingest.<partition>`, `<prefix>.live.<companyId>`, `<prefix>.signal.<name>`, the
 * stream `<PREFIX>_INGEST` and the key-value bucket `<prefix>_owners`.
 */
export interface Cluster {
  nc: NatsConnection;
  prefix: string;
  /** Number of ingest partitions (`VIGIA_PARTITIONS`); every node of a cluster must agree on it. */
  partitions: number;
  subject(...parts: (string | number)[]): string;
  /** Tells every node (this one too) about a change; `onSignal` handlers receive it. */
  signal(name: string, value: string): void;
  onSignal(name: string, handler: (value: string) => void): void;
  close(): Promise<void>;
}

export async function connectCluster(options: {
  url: string;
  prefix: string;
  partitions: number;
  name: string;
}): Promise<Cluster> {
  if (!PREFIX.test(options.prefix))
    throw new Error(`VIGIA_NATS_PREFIX is not a plain name: ${options.prefix}`);
  const nc = await connect({
    servers: options.url,
    name: options.name,
    // A node keeps trying through a NATS restart rather than giving up after a few attempts.
    maxReconnectAttempts: -1,
  });
  const subject = (...parts: (string | number)[]) => [options.prefix, ...parts].join(".");
  const encoder = new TextEncoder();
  return {
    nc,
    prefix: options.prefix,
    partitions: options.partitions,
    subject,
    signal: (name, value) => nc.publish(subject("signal", name), encoder.encode(value)),
    onSignal: (name, handler) => {
      nc.subscribe(subject("signal", name), {
        callback: (err, msg) => {
          if (!err) handler(msg.string());
        },
      });
    },
    close: async () => {
      if (!nc.isClosed()) await nc.drain();
    },
  };
}

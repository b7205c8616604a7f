import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import type { Gateway, IngestJournal } from "../ingest/index.ts";
import type { Queryable } from "../kernel/db/database.ts";
import type { Mount } from "../kernel/http/app.ts";
import type { Services } from "./services.ts";

/** Who may read /metrics: the holder of METRICS_TOKEN; without one, only this host, unless it is made public. */
export interface MetricsAccess {
  token: string | null;
  public: boolean;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
/** A request a reverse proxy passed on comes from loopback too; its forwarding headers give it away. */
const FORWARDED = ["x-forwarded-for", "forwarded", "x-real-ip"];

export function metricsAllowed(
  access: MetricsAccess,
  request: { remoteAddress: string | undefined; headers: IncomingHttpHeaders },
): 200 | 401 | 403 {
  if (access.public) return 200;
  if (access.token !== null) {
    const presented = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const a = Buffer.from(presented);
    const b = Buffer.from(access.token);
    return a.length === b.length && timingSafeEqual(a, b) ? 200 : 401;
  }
  const local = LOOPBACK.has(request.remoteAddress ?? "");
  return local && !FORWARDED.some((h) => request.headers[h] !== undefined) ? 200 : 403;
}

/** A gauge read at scrape time. */
function gauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/** A counter whose running total some service keeps; copied at scrape time. */
function counter(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/**
 * Prometheus text format on the API port at /metrics. The gateway starts after the HTTP server listens,
 * hence a getter; its metrics read 0 in a process without one.
 */
export function metricsMount(
  services: Pick<Services, "processor" | "hub" | "forwarder"> & Partial<Pick<Services, "derived">>,
  sources: { gateway: () => Gateway | null; journal: IngestJournal | null; db?: Queryable },
  access: MetricsAccess,
): Mount {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const connections = () => sources.gateway()?.connections() ?? { current: 0, max: 0, refused: 0 };
  gauge(
    registry,
    "vigia_device_connections",
    "Device connections open on the gateway",
    () => connections().current,
  );
  gauge(
    registry,
    "vigia_device_connections_max",
    "Cap on device connections (DEVICE_MAX_CONNECTIONS)",
    () => connections().max,
  );
  counter(
    registry,
    "vigia_device_connections_refused_total",
    "Device connections refused over the cap",
    () => connections().refused,
  );
  const { processor, hub } = services;
  counter(registry, "vigia_positions_stored_total", "Positions committed", () => processor.stats.positions);
  counter(
    registry,
    "vigia_position_batches_total",
    "Position batches committed",
    () => processor.stats.batches,
  );
  gauge(
    registry,
    "vigia_processor_queue_depth",
    "Submissions waiting for a batch",
    () => processor.queueDepth,
  );
  gauge(registry, "vigia_live_sockets", "Open live-channel WebSockets", () => hub.socketCount);
  counter(
    registry,
    "vigia_live_coalesced_total",
    "Live messages superseded by a newer state of the same item before a slow connection took them",
    () => hub.outboxStats().coalesced,
  );
  counter(
    registry,
    "vigia_live_dropped_total",
    "Live messages dropped from a connection's full outbox",
    () => hub.outboxStats().dropped,
  );
  gauge(
    registry,
    "vigia_live_lag_max_ms",
    "Longest wait of any open live connection's outbox",
    () => hub.outboxStats().maxLagMs,
  );
  const { derived } = services;
  if (derived) {
    counter(
      registry,
      "vigia_derived_positions_total",
      "Positions derived into trips, stops, days…",
      () => derived.stats.positions,
    );
    counter(
      registry,
      "vigia_derived_errors_total",
      "Derived-history batches that failed (logged)",
      () => derived.stats.errors,
    );
    counter(
      registry,
      "vigia_derived_dropped_total",
      "Positions not derived because the derivation was too far behind",
      () => derived.stats.dropped,
    );
    counter(
      registry,
      "vigia_derived_rederived_total",
      "Items derived again because a position older than their derivation arrived (a buffered upload)",
      () => derived.stats.rederived,
    );
    counter(
      registry,
      "vigia_derived_replayed_total",
      "Stored positions replayed by those re-derivations",
      () => derived.stats.replayed,
    );
  }
  const { forwarder } = services;
  gauge(
    registry,
    "vigia_forwarding_backlog",
    "Records waiting for a forwarding target (as of the last delivery round)",
    () => forwarder.stats.backlog,
  );
  gauge(
    registry,
    "vigia_forwarding_dead_letters",
    "Records a forwarding target refused or never took",
    () => forwarder.stats.dead,
  );
  counter(
    registry,
    "vigia_forwarding_delivered_total",
    "Records forwarding targets acknowledged",
    () => forwarder.stats.delivered,
  );
  const { journal, db } = sources;
  if (db) {
    // Read at scrape time: alarm notices (push, SMS, CRA…) and mails still waiting to go out.
    new Gauge({
      name: "vigia_notification_backlog",
      help: "Alarm deliveries pending or failed and mails not sent yet",
      labelNames: ["channel"],
      registers: [registry],
      async collect() {
        const rows = await db.query<{ channel: string; n: string }>(
          `select channel, count(*) as n from alarm_deliveries where status in ('pending', 'failed') group by channel
           union all select 'mail_outbox', count(*) from mail_outbox where sent_ts is null`,
        );
        this.reset();
        for (const r of rows) this.set({ channel: r.channel }, Number(r.n));
      },
    });
  }
  if (journal) {
    counter(
      registry,
      "vigia_ingest_journal_syncs_total",
      "fdatasync calls of the PGlite ingest journal",
      () => journal.stats.syncs,
    );
    counter(
      registry,
      "vigia_ingest_journal_records_total",
      "Batches written to the PGlite ingest journal",
      () => journal.stats.records,
    );
  }
  return async (app: FastifyInstance) => {
    app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
      const status = metricsAllowed(access, {
        remoteAddress: request.socket.remoteAddress,
        headers: request.headers,
      });
      if (status !== 200)
        return reply.status(status).send({ statusCode: status, description: "metrics.forbidden" });
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  };
}

import { describe, expect, it } from "vitest";
import type { Cluster } from "../kernel/cluster.ts";
import type { LiveEnvelope } from "./bus.ts";
import { NatsBus } from "./nats-bus.ts";

/** A cluster whose connection only records what is published, with a small payload limit. */
function recordingCluster(maxPayload: number) {
  const sent: { subject: string; data: Uint8Array }[] = [];
  const nc = {
    info: { max_payload: maxPayload },
    isClosed: () => false,
    publish: (subject: string, data: Uint8Array) => sent.push({ subject, data }),
  };
  const cluster = { nc, subject: (...parts: (string | number)[]) => ["t", ...parts].join(".") };
  // Only the members NatsBus.publish uses are given.
  return { cluster: cluster as unknown as Cluster, sent };
}

const envelope = (id: number): LiveEnvelope => ({
  companyId: 7,
  itemType: 1,
  itemId: id,
  groupId: null,
  message: { type: "vOdo", data: { id, odometer: 1000 + id } },
});

describe("NatsBus.publish", () => {
  it("splits a large batch under the payload limit, keeping every message in order", () => {
    const { cluster, sent } = recordingCluster(8192);
    const errors: unknown[] = [];
    const bus = new NatsBus(cluster, (e) => errors.push(e));
    const batch = Array.from({ length: 500 }, (_, i) => envelope(i));
    bus.publish(7, batch);
    expect(sent.length).toBeGreaterThan(1);
    for (const m of sent) {
      expect(m.subject).toBe("t.live.7");
      expect(m.data.length).toBeLessThanOrEqual(8192);
    }
    const received = sent.flatMap((m) => JSON.parse(new TextDecoder().decode(m.data)) as LiveEnvelope[]);
    expect(received).toEqual(batch);
    expect(errors).toEqual([]);
  });

  it("sends a small batch as one message and nothing for an empty one", () => {
    const { cluster, sent } = recordingCluster(1_048_576);
    const bus = new NatsBus(cluster, () => undefined);
    bus.publish(7, []);
    bus.publish(7, [envelope(1), envelope(2)]);
    expect(sent).toHaveLength(1);
  });
});

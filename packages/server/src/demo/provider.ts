import { newApiKeySecret } from "../kernel/auth/api-keys.ts";
import type { Queryable } from "../kernel/db/database.ts";

/**
 * Demo integrations for Acme: two API keys (one revoked) and two forwarding targets, paused so the
 * demo never sends anything anywhere; their status shows what a delivery history looks like.
 */
export async function seedProviderDemo(tx: Queryable, companyId: number, now: number): Promise<void> {
  const keys: [string, string, string | null, number | null, number | null][] = [
    ["ERP read-only", "READONLY", null, now - 3_600_000, null],
    ["Old dispatch tool", "OPERATOR", "203.0.113.0/24", now - 40 * 86_400_000, now - 30 * 86_400_000],
  ];
  for (const [name, role, ip, used, revoked] of keys) {
    // Nobody knows these secrets: a demo key is shown in the list only.
    const { prefix, hash } = newApiKeySecret();
    await tx.query(
      `insert into api_keys (company_id, name, prefix, key_hash, role, read_only, ip, created_ts, last_used_ts,
         last_used_ip, revoked_ts) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        companyId,
        name,
        prefix,
        hash,
        role,
        role === "READONLY",
        ip,
        now - 60 * 86_400_000,
        used,
        "198.51.100.20",
        revoked,
      ],
    );
  }
  await tx.query(
    `insert into forward_targets (company_id, name, kind, url, secret, topic, batch_size, active, last_success_ts,
       last_error, last_error_ts, created_ts)
     values ($1, 'Insurance telematics', 'webhook', 'https://telematics.insurer.example/vigia', 'demo-secret', '', 50,
       false, $2, null, null, $3),
       ($1, 'Traccar server', 'osmand', 'https://traccar.example:5055/', '', '', 1, false, $4, 'HTTP 503', $2, $3)`,
    [companyId, now - 600_000, now - 20 * 86_400_000, now - 7_200_000],
  );
}

import { configDefaults, defineProject } from "vitest/config";

/**
 * The multi-process cluster test needs a NATS server with JetStream and PostgreSQL: it is registered only when
 * NATS_URL is set (`.ci/run` sets it when NATS answers on 127.0.0.1:4222 and PostgreSQL on 5432).
 */
const clusterTest = "test/app/cluster.test.ts";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(process.env.NATS_URL ? [] : [clusterTest])],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

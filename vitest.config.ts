import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // API suites each start a real server on its own embedded database; two cores run two at a time.
    maxWorkers: 2,
    projects: ["packages/domain", "packages/protocols", "packages/server", "packages/web", "packages/sim"],
  },
});

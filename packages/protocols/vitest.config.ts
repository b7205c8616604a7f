import { defineProject } from "vitest/config";

// Fuzz and property tests run a fixed number of cases: on a busy machine that takes longer, never fails, so the
// time limit is generous rather than tuned to a quiet one.
export default defineProject({
  test: { name: "protocols", include: ["src/**/*.test.ts"], testTimeout: 120_000 },
});

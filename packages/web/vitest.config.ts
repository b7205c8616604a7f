import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "web",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    passWithNoTests: true,
    // Tests await the thing itself (a lazy chunk, a server answer, a render); this cap only stops a hang. On a
    // busy two-core machine loading a screen chunk under jsdom alone took over the 5 s default.
    testTimeout: 30_000,
  },
});

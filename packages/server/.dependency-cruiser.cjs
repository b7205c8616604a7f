/**
 * Server layers (issue 12; see README.md): `src/app/` → capability folders → `src/kernel/`.
 * - no import cycles anywhere, type-only imports included;
 * - the kernel imports only the kernel, @vigia/domain and libraries;
 * - only `src/app/` (start-up, services, route tree) imports `src/app/`;
 * - a capability (or app/) reaches another capability only through its public `index.ts`.
 * Tests (`*.test.ts`, `test/`) may import any file, but still form no cycle.
 */
const TESTS = ["\\.test\\.ts$", "^test/"];

module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
    {
      name: "kernel-imports-no-capability",
      comment:
        "src/kernel is the bottom layer: it may import src/kernel, @vigia/domain and node_modules only",
      severity: "error",
      from: { path: "^src/kernel/", pathNot: TESTS },
      to: {
        pathNot: ["^src/kernel/", "(^|/)node_modules/", "^\\.\\./domain/"],
        dependencyTypesNot: ["core"],
      },
    },
    {
      name: "only-app-imports-app",
      comment: "src/app composes the capabilities; nothing below it may import it",
      severity: "error",
      from: { pathNot: ["^src/app/", ...TESTS] },
      to: { path: "^src/app/" },
    },
    {
      name: "capability-through-index",
      comment: "another capability is reached through its public src/<capability>/index.ts only",
      severity: "error",
      from: { path: "^src/([^/]+)/", pathNot: ["^src/kernel/", ...TESTS] },
      to: {
        path: "^src/[^/]+/",
        pathNot: ["^src/$1/", "^src/kernel/", "^src/app/", "^src/[^/]+/index\\.ts$"],
      },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // Workspace packages resolve to ../<package>/src through their symlinks: note them, do not cruise them.
    doNotFollow: { path: ["node_modules", "^\\.\\./"] },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    exclude: { path: "node_modules" },
  },
};

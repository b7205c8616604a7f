/**
 * The web app's layers (ARCHITECTURE.md, README.md "Layers"): app → features → kit → platform, one way.
 * `npm run lint` runs this from the package directory over `src`; `src/app/boundaries.test.ts` proves the
 * rules fire on a fixture tree.
 */
/** A rule that fails the lint: imports from `from` to `to` (dependency-cruiser path conditions) are forbidden. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: "error", from, to });

module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
    forbid(
      "kit-imports-no-feature-or-app",
      "kit holds generic pieces (table, forms, pickers, dialogs); what it needs of a feature comes in as props",
      { path: "^src/kit/" },
      { path: "^src/(features|app)/" },
    ),
    forbid(
      "platform-imports-only-platform",
      "platform (API client, live channel, i18n, session storage, the company context) is the bottom layer: platform, domain and libraries only; its tests may also use the test helpers of src/test (which only tests may import)",
      { path: "^src/platform/" },
      { path: "^src/", pathNot: ["^src/platform/", "^src/test/"] },
    ),
    forbid(
      "feature-not-into-app",
      "app/ wires features (routes, providers, frame slots); a feature never reaches up into it",
      { path: "^src/features/" },
      { path: "^src/app/" },
    ),
    forbid(
      "feature-to-feature-only-through-index",
      "a feature uses another feature only through that feature's public index.ts(x)",
      { path: "^src/features/([^/]+)/" },
      { path: "^src/features/[^/]+/", pathNot: ["^src/features/$1/", "^src/features/[^/]+/index\\.tsx?$"] },
    ),
    forbid(
      "layers-import-no-entry",
      "main.tsx and the test set-up sit outside the layers; nothing imports them",
      {},
      { path: "^src/(main\\.tsx|worker/main\\.tsx|test/setup\\.ts)" },
    ),
    forbid(
      "worker-app-uses-kit-and-platform",
      "the worker app (src/worker, entry app/index.html) is an app of its own: it builds on kit and platform, never on the web client's app or features",
      { path: "^src/worker/" },
      { path: "^src/(app|features)/" },
    ),
    forbid(
      "nothing-imports-the-worker-app",
      "the web client shares nothing with the worker app but kit, platform and the domain",
      { pathNot: "^src/worker/" },
      { path: "^src/worker/" },
    ),
    forbid(
      "test-helpers-only-in-tests",
      "src/test/ renders components under the app's providers for tests; the product never uses it",
      { pathNot: "\\.test\\.tsx?$" },
      { path: "^src/test/" },
    ),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};

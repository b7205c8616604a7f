/**
 * The web app's layers (ARCHITECTURE.md, README.md "Layers"): app → features → kit → platform, one way.
 * `npm run lint` runs this from the package directory over `src`; `src/app/boundaries.test.ts` proves the
 * rules fire on a fixture tree.
 */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
    {
      name: "kit-imports-no-feature-or-app",
      comment:
        "kit holds generic pieces (table, forms, pickers, dialogs); what it needs of a feature comes in as props",
      severity: "error",
      from: { path: "^src/kit/" },
      to: { path: "^src/(features|app)/" },
    },
    {
      name: "platform-imports-only-platform",
      comment:
        "platform (API client, live channel, i18n, session storage, the company context) is the bottom layer: platform, domain and libraries only; its tests may also use the test helpers of src/test (which only tests may import)",
      severity: "error",
      from: { path: "^src/platform/" },
      to: { path: "^src/", pathNot: ["^src/platform/", "^src/test/"] },
    },
    {
      name: "feature-not-into-app",
      comment: "app/ wires features (routes, providers, frame slots); a feature never reaches up into it",
      severity: "error",
      from: { path: "^src/features/" },
      to: { path: "^src/app/" },
    },
    {
      name: "feature-to-feature-only-through-index",
      comment: "a feature uses another feature only through that feature's public index.ts(x)",
      severity: "error",
      from: { path: "^src/features/([^/]+)/" },
      to: {
        path: "^src/features/[^/]+/",
        pathNot: ["^src/features/$1/", "^src/features/[^/]+/index\\.tsx?$"],
      },
    },
    {
      name: "layers-import-no-entry",
      comment: "main.tsx and the test set-up sit outside the layers; nothing imports them",
      severity: "error",
      from: {},
      to: { path: "^src/(main\\.tsx|worker/main\\.tsx|test/setup\\.ts)" },
    },
    {
      name: "worker-app-uses-kit-and-platform",
      comment:
        "the worker app (src/worker, entry app/index.html) is an app of its own: it builds on kit and platform, never on the web client's app or features",
      severity: "error",
      from: { path: "^src/worker/" },
      to: { path: "^src/(app|features)/" },
    },
    {
      name: "nothing-imports-the-worker-app",
      comment: "the web client shares nothing with the worker app but kit, platform and the domain",
      severity: "error",
      from: { pathNot: "^src/worker/" },
      to: { path: "^src/worker/" },
    },
    {
      name: "test-helpers-only-in-tests",
      comment: "src/test/ renders components under the app's providers for tests; the product never uses it",
      severity: "error",
      from: { pathNot: "\\.test\\.tsx?$" },
      to: { path: "^src/test/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};

/** domain is pure: no cycles, no I/O modules, nothing of the other packages. */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
    {
      name: "domain-is-pure",
      comment:
        "domain runs in the browser and the server alike: no Node built-ins, no other workspace package",
      severity: "error",
      from: { path: "^src", pathNot: "\\.test\\.ts$" },
      to: { dependencyTypes: ["core"] },
    },
    { name: "no-other-packages", severity: "error", from: {}, to: { path: "@vigia/(server|web|sim)" } },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};

/** The device protocols: pure codecs, no cycles, shared by the server and the simulator, so they import neither. */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
    {
      name: "only-domain",
      comment: "the codecs may use @vigia/domain, never the server, the web app or the simulator",
      severity: "error",
      from: {},
      to: { path: "@vigia/(?!domain)|(^|/)(server|web|sim)/src/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};

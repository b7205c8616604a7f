/** The simulator: no cycles; it speaks to the server only over the wire, never through its sources. */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
    {
      name: "no-server-or-web",
      severity: "error",
      from: {},
      to: { path: "@vigia/(server|web)|packages/(server|web)/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
  },
};

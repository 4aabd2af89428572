/*
 * What `npm run lint` checks of the imports between our own files (issue 29,
 * docs/decisions/0026-schema-by-area.md). Type-only imports count too: a circle of types
 * breaks nothing at run time, but it ties the modules together just the same, and every one
 * found had a plain home outside the circle.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "An import circle: the modules start in an order that depends on who imports them first. " +
        "Move what both need to a module of its own (docs/decisions/0026-schema-by-area.md).",
      from: { path: "^(app|scripts|tests/support)/|^server\\.ts$" },
      to: { circular: true },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment: "app/domain holds pure rules, safe on client and server: nothing from server, ui or routes (HOUSE-STYLE.md).",
      from: { path: "^app/domain/" },
      to: { path: "^app/(server|ui|routes)/" },
    },
    {
      name: "server-is-not-ui",
      severity: "error",
      comment: "app/server does I/O and answers routes; what a form checks goes in app/domain, where both the server and the ui import it.",
      from: { path: "^app/server/" },
      to: { path: "^app/(ui|routes)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|build-[^/]*|\\.react-router)/" },
    // `~/...` is resolved as TypeScript does; `import type` is seen (tsPreCompilationDeps).
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};

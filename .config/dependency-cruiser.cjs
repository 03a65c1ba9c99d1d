// The layers of lib/ (README, "Layout"), checked by `npm run lint`: a crossing fails the build.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-imports-nothing-above",
      comment:
        "lib/core is the values and handles every layer stands on: it imports neither domain nor platform.",
      severity: "error",
      from: { path: "^lib/core/" },
      to: { path: "^lib/(domain|platform)/" },
    },
    {
      name: "domain-never-imports-platform",
      comment:
        "lib/domain is the business; the entry points and adapters of lib/platform call it, never the reverse.",
      severity: "error",
      from: { path: "^lib/domain/" },
      to: { path: "^lib/platform/" },
    },
    {
      name: "lib-never-imports-app-or-components",
      comment: "Pages, UI components, build scripts and tests sit on lib/, never under it.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components|scripts|e2e)/" },
    },
    {
      name: "lib-takes-only-types-from-client",
      comment: "The checkout's page data is typed by the script that reads it; lib/ runs none of client/.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^client/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "components-never-import-app",
      comment: "Components take server actions from lib/platform/actions, not from app/.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "browser-code-runs-only-core-and-checkout-views",
      comment:
        "client/ is bundled for the browser: it runs core's values and the checkout's views (which the server renders too), and takes only types from the rest.",
      severity: "error",
      from: { path: "^client/" },
      to: {
        path: "^(lib/(domain|platform)|app|components)/",
        pathNot: "^lib/platform/checkout/views/",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "no-folder-cycles",
      comment: "No two folders of lib/ import each other, directly or round a loop.",
      severity: "error",
      scope: "folder",
      from: { path: "^lib/(core|domain|platform)/" },
      to: { circular: true },
    },
    {
      name: "no-file-cycles",
      comment: "No module reaches itself at run time (a loop of type-only imports is harmless).",
      severity: "error",
      from: { path: "^(lib|app|components|client)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules", "lib/generated"] },
    exclude: { path: ["^lib/generated/", "^node_modules/", "^\\.next", "\\.test\\.tsx?$"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".json"],
    },
  },
};

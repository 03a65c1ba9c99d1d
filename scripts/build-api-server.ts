// `npm run build` runs this after the checkout's assets, and `npm run build:api` runs it alone (no
// Next build): the API-only server (start-api.ts) bundled into one file that plain node runs, so
// that an API instance loads neither tsx nor esbuild's service and parses only the code the API
// reaches. It roughly halves the process's memory (e2e/bench/RESULTS.md, "api-rss").
import fs from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";

const apiServerBundle = ".next-api/server.mjs";

const root = process.cwd();
const outfile = path.join(root, apiServerBundle);
await esbuild.build({
  entryPoints: [path.join(root, "lib/platform/server/start-api.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Whitespace and comments go; names stay, so that logged stack traces still name the functions
  // (the source map beside the bundle maps lines back, with `node --enable-source-maps`).
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  sourcemap: "linked",
  // PGlite finds its WebAssembly and data files beside its own modules, so node loads it from node_modules.
  external: ["@electric-sql/pglite"],
  // CommonJS dependencies (pg, pino) require node's built-ins, which an ES module can only do through this.
  banner: {
    js: 'import { createRequire as __tollgateRequire } from "node:module"; const require = __tollgateRequire(import.meta.url);',
  },
  // As in lib/platform/server/node-hooks.mjs: outside Next, `server-only` is an empty module.
  plugins: [
    {
      name: "server-only",
      setup: (build) => {
        build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
        build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
      },
    },
  ],
  logLevel: "warning",
});

// V8 keeps a module's source in memory, and one character outside ASCII makes it two bytes per
// character: twice the file's size. esbuild escapes strings but not regular expression literals
// (e.g. a currency sign), where the same \u escape means the same character.
const code = fs.readFileSync(outfile, "utf8");
fs.writeFileSync(
  outfile,
  code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
);
console.log(
  `API-only server: ${apiServerBundle} (${(fs.statSync(outfile).size / 1024 / 1024).toFixed(1)} MiB)`,
);

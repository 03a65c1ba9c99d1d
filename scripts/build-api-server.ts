// `npm run build:api` runs this alone (no Next build): the API-only server (start-api.ts) bundled
// into one file that plain node runs, so that an API instance loads neither tsx nor esbuild's
// service and parses only the code the API reaches. It roughly halves the process's memory
// (e2e/bench/RESULTS.md, "api-rss"). `npm run build` runs it with `--full` after Next's build and
// the checkout's assets: then the full server (start.ts: the API, and Next for every other path) is
// bundled too, for `npm start` and `npm run serve` to run with plain node, no TypeScript loader at
// run time (under tsx the same API code cost ~1.4× the CPU per request: issue 32). Next itself stays
// a package node loads; the pages' own code is what `next build` compiled.
import fs from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";

const root = process.cwd();
await bundle("lib/platform/server/start-api.ts", ".next-api/server.mjs", "API-only server");
if (process.argv.includes("--full"))
  // esbuild bundles the checkout's scripts only in development (lib/platform/checkout/bundle-client.ts).
  await bundle("lib/platform/server/start.ts", ".next-server/server.mjs", "Full server", ["next", "esbuild"]);

async function bundle(entry: string, bundleFile: string, label: string, external: string[] = []) {
  const outfile = path.join(root, bundleFile);
  await esbuild.build({
    entryPoints: [path.join(root, entry)],
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
    external: ["@electric-sql/pglite", ...external],
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
  console.log(`${label}: ${bundleFile} (${(fs.statSync(outfile).size / 1024 / 1024).toFixed(1)} MiB)`);
}

import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

export default defineConfig({
  root,
  resolve: {
    alias: {
      "@": root,
      // Next provides `server-only` to its own bundles; in unit tests it is the empty server build.
      "server-only": path.join(root, "node_modules/next/dist/compiled/server-only/empty.js"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "client/**/*.test.ts"],
    exclude: ["node_modules/**", "lib/generated/**"],
    // Domain tests seal stored responses; without a secret lib/core/config/secrets.ts would write one into .data/.
    env: { TOLLGATE_SECRET: "vitest-only-secret-not-used-anywhere-else" },
  },
});

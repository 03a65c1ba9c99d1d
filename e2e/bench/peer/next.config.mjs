// The textbook peer (npm run bench builds and starts it): what a developer would write for the same
// create and status with Next.js route handlers and Prisma, to set Tollgate's figures against.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..", "..");
const config = {
  turbopack: { root },
  outputFileTracingRoot: root,
  // The repository's `npm run typecheck` checks these files; the peer's build need not again.
  typescript: { ignoreBuildErrors: true },
};
export default config;

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets two builds (e.g. a developer's and a test run's) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite and the schema engine load .wasm/.data files next to their own modules; bundling them breaks that.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/schema-engine-wasm",
    "esbuild",
  ],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;

import "server-only";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";
import { logger } from "@/lib/core/log/logger";

// The schema-engine binary cannot be downloaded on our machines; its WASM build does the same work
// through the driver adapter and writes the same `_prisma_migrations` table as the stock CLI.

export const migrationsDir = path.resolve(process.cwd(), "prisma", "migrations");
export const schemaPath = path.resolve(process.cwd(), "prisma", "schema.prisma");
const noFilter = { externalTables: [], externalEnums: [] };

let wasmLoaded: Promise<typeof import("@prisma/schema-engine-wasm")> | undefined;

function loadEngineModule() {
  wasmLoaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = fs.readFileSync(path.join(path.dirname(bgPath), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    (bg as unknown as { __wbg_set_wasm(exports: WebAssembly.Exports): void }).__wbg_set_wasm(
      instance.exports,
    );
    (instance.exports.__wbindgen_start as () => void)();
    return bg as unknown as typeof import("@prisma/schema-engine-wasm");
  })();
  return wasmLoaded;
}

export async function openEngine(
  adapter: SqlMigrationAwareDriverAdapterFactory,
  schema?: string,
): Promise<SchemaEngine> {
  const { SchemaEngine } = await loadEngineModule();
  const datamodels: [string, string][] | undefined = schema ? [[schemaPath, schema]] : undefined;
  const engineLog = logger.child({ component: "schema-engine" });
  return SchemaEngine.new(
    { datamodels },
    (message: string) => engineLog.debug(message),
    bindMigrationAwareSqlAdapterFactory(adapter),
  );
}

export function readMigrations(): MigrationList {
  const dirs = fs.existsSync(migrationsDir)
    ? fs
        .readdirSync(migrationsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: "migration_lock.toml",
      content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: {
          tag: "ok" as const,
          value: fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8"),
        },
      },
    })),
  };
}

/** Applies every migration in prisma/migrations that the database has not seen; returns their names. */
export async function applyMigrations(adapter: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const engine = await openEngine(adapter);
  const { appliedMigrationNames } = await engine.applyMigrations({
    migrationsList: readMigrations(),
    filters: noFilter,
  });
  return appliedMigrationNames;
}

export { noFilter };

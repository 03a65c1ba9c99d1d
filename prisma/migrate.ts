// npm run db:migrate — applies pending migrations to DATABASE_URL or the embedded database.
import { closeDb } from "@/lib/core/db";
import { prepareDatabase } from "@/lib/core/db/prepare";

try {
  await prepareDatabase();
  console.log("Database schema is up to date.");
} finally {
  await closeDb();
}
process.exit(0);

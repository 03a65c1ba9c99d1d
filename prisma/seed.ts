// npm run db:seed — creates the demo account (owner login and a test API key, printed once).
import { describeSeed, seedDemoAccount } from "@/lib/platform/server/seed-demo-account";
import { closeDb } from "@/lib/core/db";
import { prepareDatabase } from "@/lib/core/db/prepare";

try {
  await prepareDatabase();
  console.log(describeSeed(await seedDemoAccount()));
} finally {
  await closeDb();
}
process.exit(0);

export { db, connection, closeDb, type Db, type DbOrTx } from "./client";
export { rawQuery } from "./raw-query";
export { Prisma } from "@/lib/generated/prisma/client";
export type * from "@/lib/generated/prisma/client";

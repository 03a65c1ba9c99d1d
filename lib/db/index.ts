export { db, connection, closeDb, type Db, type Tx } from "./client";
export { Prisma } from "@/lib/generated/prisma/client";
export type * from "@/lib/generated/prisma/client";

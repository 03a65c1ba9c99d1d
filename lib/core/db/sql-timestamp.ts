import { Prisma } from "@/lib/generated/prisma/client";

/**
 * A Date as a value of a `DateTime` column in raw SQL: UTC text cast to timestamp(3), as Prisma
 * stores them (timestamp without time zone), whatever the session's time zone.
 */
export function sqlTimestamp(date: Date): Prisma.Sql {
  return Prisma.sql`${date.toISOString()}::timestamp(3)`;
}

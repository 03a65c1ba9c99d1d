export { db, dbRead, connection, closeDb, type Db, type DbOrTx } from "./client";
export { rawQuery } from "./raw-query";
export { Prisma } from "@/lib/generated/prisma/client";
export type * from "@/lib/generated/prisma/client";
import type { Payment as PaymentRow, PaymentAttempt } from "@/lib/generated/prisma/client";

/** The Payment row alone, as a query without `include: withAttempt` returns it. */
export type { PaymentRow };
/** A payment with the attempt it is being paid by (null before the buyer chose), as every read loads it. */
export type Payment = PaymentRow & { attempt: PaymentAttempt | null };
/** What a payment query includes so that it returns a Payment. */
export const withAttempt = { attempt: true } as const;

import { mountOperations } from "@/lib/api/mount";
import { createRefundOp, listRefundsOp } from "@/lib/api/operations/refunds";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: listRefundsOp, POST: createRefundOp });

import { mountOperations } from "@/lib/api/mount";
import { createPaymentOp, listPaymentsOp } from "@/lib/api/operations/payments";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: listPaymentsOp, POST: createPaymentOp });

import { mountOperations } from "@/lib/api/mount";
import { getPaymentOp } from "@/lib/api/operations/payments";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: getPaymentOp });

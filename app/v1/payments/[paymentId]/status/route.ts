import { mountOperations } from "@/lib/api/mount";
import { paymentStatusOp } from "@/lib/api/operations/payments";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: paymentStatusOp });

import { mountOperations } from "@/lib/api/mount";
import { cancelPaymentOp } from "@/lib/api/operations/payments";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ POST: cancelPaymentOp });

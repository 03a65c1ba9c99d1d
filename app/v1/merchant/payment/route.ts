import { mountOperations } from "@/lib/api/mount";
import { createGatewayPaymentOp } from "@/lib/api/operations/payments";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ POST: createGatewayPaymentOp });

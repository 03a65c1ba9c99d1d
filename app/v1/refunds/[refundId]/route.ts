import { mountOperations } from "@/lib/api/mount";
import { getRefundOp } from "@/lib/api/operations/refunds";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: getRefundOp });

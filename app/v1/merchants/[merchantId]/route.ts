import { mountOperations } from "@/lib/api/mount";
import { deleteMerchantOp, getMerchantOp, updateMerchantOp } from "@/lib/api/operations/merchants";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: getMerchantOp, PATCH: updateMerchantOp, DELETE: deleteMerchantOp });

import { mountOperations } from "@/lib/api/mount";
import { createMerchantOp, listMerchantsOp } from "@/lib/api/operations/merchants";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: listMerchantsOp, POST: createMerchantOp });

import { mountOperations } from "@/lib/api/mount";
import { deleteCryptoSettlementOp, updateCryptoSettlementOp } from "@/lib/api/operations/settlements";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ PUT: updateCryptoSettlementOp, DELETE: deleteCryptoSettlementOp });

import { mountOperations } from "@/lib/api/mount";
import { registerCryptoSettlementsOp } from "@/lib/api/operations/settlements";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ POST: registerCryptoSettlementsOp });

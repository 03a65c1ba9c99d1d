import { mountOperations } from "@/lib/api/mount";
import { listSettlementsOp } from "@/lib/api/operations/settlements";

export const { GET, POST, PUT, PATCH, DELETE } = mountOperations({ GET: listSettlementsOp });

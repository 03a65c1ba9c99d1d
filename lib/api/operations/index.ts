import type { AnyOperation } from "../operation";
import { createMerchantOp, deleteMerchantOp, getMerchantOp, listMerchantsOp, updateMerchantOp } from "./merchants";

/** Every /v1 operation, in the order the API reference lists them. */
export const operations: AnyOperation[] = [listMerchantsOp, createMerchantOp, getMerchantOp, updateMerchantOp, deleteMerchantOp];

import type { AnyOperation } from "../operation";
import { cancelPaymentOp, createGatewayPaymentOp, createPaymentOp, getPaymentOp, listPaymentsOp, paymentStatusOp, simulatePaymentOp } from "./payments";
import { createMerchantOp, deleteMerchantOp, getMerchantOp, listMerchantsOp, updateMerchantOp } from "./merchants";
import { deleteCryptoSettlementOp, listSettlementsOp, registerCryptoSettlementsOp, updateCryptoSettlementOp } from "./settlements";

/** Every /v1 operation, in the order the API reference lists them. */
export const operations: AnyOperation[] = [listMerchantsOp, createMerchantOp, getMerchantOp, updateMerchantOp, deleteMerchantOp, listSettlementsOp, registerCryptoSettlementsOp, updateCryptoSettlementOp, deleteCryptoSettlementOp,
  createPaymentOp, createGatewayPaymentOp, paymentStatusOp, listPaymentsOp, getPaymentOp, cancelPaymentOp, simulatePaymentOp];

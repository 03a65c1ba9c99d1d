import type { AnyOperation } from "@/lib/platform/api/operation";
import { getEventOp, listEventsOp } from "./events";
import { gatewayOperations } from "./gateway";
import {
  cancelPaymentOp,
  createGatewayPaymentOp,
  createPaymentOp,
  getPaymentOp,
  listMerchantPaymentsOp,
  listPaymentsOp,
  merchantPaymentStatusOp,
  paymentStatusOp,
  simulatePaymentOp,
} from "./payments";
import {
  createMerchantOp,
  deleteMerchantOp,
  getMerchantOp,
  listMerchantsOp,
  updateMerchantOp,
} from "./merchants";
import {
  deleteCryptoSettlementOp,
  listSettlementsOp,
  registerCryptoSettlementsOp,
  updateCryptoSettlementOp,
} from "./settlements";
import {
  createPaymentLinkOp,
  deactivatePaymentLinkOp,
  getPaymentLinkOp,
  listPaymentLinksOp,
} from "./payment-links";
import { createRefundOp, getRefundOp, listRefundsOp } from "./refunds";
import { x402Operations } from "./x402";
import {
  createWebhookEndpointOp,
  deleteWebhookEndpointOp,
  getWebhookEndpointOp,
  listWebhookDeliveriesOp,
  listWebhookEndpointsOp,
  redeliverFailedWebhooksOp,
  redeliverWebhookOp,
  rotateWebhookSecretOp,
  sendTestWebhookOp,
  updateWebhookEndpointOp,
} from "./webhooks";

/** Every /v1 operation, in the order the API reference lists them. */
export const operations: AnyOperation[] = [
  listMerchantsOp,
  createMerchantOp,
  getMerchantOp,
  updateMerchantOp,
  deleteMerchantOp,
  listSettlementsOp,
  registerCryptoSettlementsOp,
  updateCryptoSettlementOp,
  deleteCryptoSettlementOp,
  createPaymentOp,
  createGatewayPaymentOp,
  paymentStatusOp,
  merchantPaymentStatusOp,
  listPaymentsOp,
  listMerchantPaymentsOp,
  getPaymentOp,
  cancelPaymentOp,
  simulatePaymentOp,
  createPaymentLinkOp,
  listPaymentLinksOp,
  getPaymentLinkOp,
  deactivatePaymentLinkOp,
  createRefundOp,
  listRefundsOp,
  getRefundOp,
  listWebhookEndpointsOp,
  createWebhookEndpointOp,
  getWebhookEndpointOp,
  updateWebhookEndpointOp,
  deleteWebhookEndpointOp,
  rotateWebhookSecretOp,
  listWebhookDeliveriesOp,
  redeliverWebhookOp,
  redeliverFailedWebhooksOp,
  sendTestWebhookOp,
  listEventsOp,
  getEventOp,
  ...gatewayOperations,
  ...x402Operations,
];

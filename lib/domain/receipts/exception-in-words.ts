import "server-only";
import { readAmountInWords } from "@/lib/core/chain/asset-display";
import { chainIdOf } from "@/lib/core/chain/chains";
import type { Payment } from "@/lib/core/db";
import { networkName } from "@/lib/core/money/assets";
import type { ExceptionType } from "@/lib/domain/schemas/payment";

/**
 * A payment paid wrongly, in the buyer's words: amounts with their symbol and decimals, never raw
 * units or protocol ids. `difference` is what is short (underpaid) or the excess (overpaid).
 */
export type CheckoutException = {
  type: ExceptionType;
  received: string;
  expected: string | null;
  difference: string | null;
  networkName: string;
  resolution: "accepted" | "refunded" | "dismissed" | "within_tolerance" | null;
};

export async function checkoutException(payment: Payment): Promise<CheckoutException | null> {
  const asset = payment.exceptionAsset;
  if (!payment.exceptionType || !asset || payment.exceptionReceived === null) return null;
  const words = (value: bigint | string) => readAmountInWords(asset, value.toString());
  const received = BigInt(payment.exceptionReceived.toFixed());
  const expected = payment.exceptionExpected ? BigInt(payment.exceptionExpected.toFixed()) : null;
  const difference =
    expected === null || expected === received
      ? null
      : received > expected
        ? received - expected
        : expected - received;
  return {
    type: payment.exceptionType,
    received: await words(received),
    expected: expected === null ? null : await words(expected),
    difference: difference === null ? null : await words(difference),
    networkName: networkName(chainIdOf(asset)),
    resolution: payment.exceptionResolution as CheckoutException["resolution"],
  };
}

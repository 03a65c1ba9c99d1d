import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import { z } from "zod";
import { AppError } from "@/lib/core/errors/errors";
import { confirmGatewayOption } from "@/lib/domain/gateway/confirm";
import { createGatewayOptions } from "@/lib/domain/gateway/options";
import { serializeStatus } from "@/lib/domain/payments/serialize";
import { ConfirmBodySchema } from "@/lib/domain/schemas/gateway";
import { findCheckoutPayment } from "@/lib/domain/payments/find-checkout-payment";
import { idSchema } from "@/lib/core/schemas/ids";

// The hosted checkout pays through the Gateway's own functions, so the page, native apps and
// third-party wallets run one implementation: options for the connected account, the wallet
// performs the action, then confirm.

export const WalletOptionsBodySchema = z.strictObject({
  settlementId: idSchema("cryptoSettlement"),
  account: z.string().min(1).max(200),
});
export const WalletConfirmBodySchema = ConfirmBodySchema.pick({ optionId: true, results: true });

/**
 * The gateway option of one settlement for the buyer's connected account (null if it cannot pay it).
 * Test mode offers the same options, but only those the wallet pays by signing: the signature is
 * verified and nothing is submitted, where a transaction would move real money on a real chain.
 */
export async function checkoutWalletOption(
  paymentId: string,
  input: z.output<typeof WalletOptionsBodySchema>,
) {
  const payment = await findCheckoutPayment(paymentId);
  const [option] = await createGatewayOptions(payment, [input.account], { settlementId: input.settlementId });
  if (payment.mode === "test" && option?.actions.some((a) => a.data.method === "eth_sendTransaction"))
    throw new AppError(
      "invalid_state",
      "In test mode a wallet only signs, and this token cannot be paid by a signature. Use the simulator to end this test payment.",
    );
  return { option: option ?? null };
}

export async function checkoutWalletConfirm(
  ctx: CallContext,
  paymentId: string,
  input: z.output<typeof WalletConfirmBodySchema>,
) {
  const payment = await findCheckoutPayment(paymentId);
  return serializeStatus(await confirmGatewayOption(payment, input.optionId, input.results, ctx.actor));
}

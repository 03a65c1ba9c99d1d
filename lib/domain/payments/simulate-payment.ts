import "server-only";
import type { CallContext } from "@/lib/domain/context/call-context";
import type { Payment, PaymentAttempt, DbOrTx } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import type { simulatedOutcomes } from "@/lib/domain/schemas/payment";
import { createTransferAttempt, recordActiveAttempt } from "./attempts";
import { chainIdOf } from "@/lib/core/chain/chains";
import { networkName } from "@/lib/core/money/assets";
import { droppedTransferReason } from "./dropped-transfer";
import { recordPaymentException } from "./exceptions";
import { getPayment } from "./get-payment";
import { listPaymentOptions, type PaymentOption } from "./payment-options";
import { transitionPayment } from "./transition";

export type SimulatedOutcome = (typeof simulatedOutcomes)[number];

// A token no merchant settles in, standing for "the buyer sent the wrong token" in test mode: an
// ERC-20 contract on an EVM chain, an SPL mint (a valid base58 address no asset uses) on Solana.
const wrongTestToken = (chainId: string) =>
  chainId.startsWith("solana:")
    ? `${chainId}/token:WrongTestMint111111111111111111111111111111`
    : `${chainId}/erc20:0x000000000000000000000000000000000000dEa1`;

/**
 * Test mode's stand-in for the buyer and the chain: drives the same transitions and exceptions a
 * live payment takes. A success is paid in full with the option the buyer chose, or else the
 * merchant's first settlement that can pay the amount, and gets the synthetic txId `test:<payment id>`.
 * The exception outcomes pay wrongly: half the quote (underpaid, still unpaid), twice the quote
 * (overpaid, succeeded), the quote after expiry (paid_late, expired), or another token (wrong_asset).
 * `reorged` is a transfer seen and confirming, then reorganised out of the chain (see below).
 */
export async function simulatePayment(
  ctx: CallContext,
  paymentId: string,
  outcome: SimulatedOutcome,
): Promise<Payment> {
  const { tx, scope, actor } = ctx;
  if (scope.mode !== "test") throw new AppError("forbidden", "Payments can only be simulated in test mode.");
  const payment = await getPayment(tx, scope, paymentId);
  if (outcome === "failed" || outcome === "cancelled" || outcome === "expired") {
    return transitionPayment(tx, payment, outcome, {
      actor,
      data: { simulated: true },
      patch: outcome === "failed" ? { failureReason: "Simulated failure (test mode)." } : {},
    });
  }

  const option = await chosenOption(tx, payment);
  const quoted = BigInt(option.value);
  const txHash = `test:${payment.id}`;
  // The attempt paid: the buyer's, or else a `transfer` attempt of the option (quoted now).
  const attempt = async () => {
    const current = payment.attempt;
    return current && sameOption(current, option)
      ? current
      : createTransferAttempt(tx, payment, option, current?.createdAt);
  };
  const chosen = async () => ({ attemptId: (await attempt()).id });
  const pay = async (paid: bigint) =>
    transitionPayment(tx, payment, "succeeded", {
      actor,
      data: { simulated: true, asset: option.asset, value: paid.toString() },
      patch: { ...(await chosen()), txId: txHash, paidValue: paid.toString() },
    });

  switch (outcome) {
    case "succeeded":
      return pay(quoted);
    case "overpaid":
      return recordPaymentException(
        tx,
        await pay(quoted * 2n),
        { type: "overpaid", asset: option.asset, expected: quoted, received: quoted * 2n, txHash },
        actor,
      );
    case "underpaid": {
      if (payment.status !== "requires_action")
        throw new AppError("invalid_state", "Only a payment awaiting payment can be underpaid.", {
          status: payment.status,
        });
      const fixed = await recordActiveAttempt(tx, payment, await attempt());
      return recordPaymentException(
        tx,
        fixed,
        { type: "underpaid", asset: option.asset, expected: quoted, received: quoted / 2n, txHash },
        actor,
      );
    }
    case "wrong_asset": {
      if (payment.status !== "requires_action")
        throw new AppError(
          "invalid_state",
          "Only a payment awaiting payment can be paid in the wrong token.",
          { status: payment.status },
        );
      return recordPaymentException(
        tx,
        payment,
        {
          type: "wrong_asset",
          asset: wrongTestToken(option.asset.split("/")[0]!),
          expected: null,
          received: quoted,
          txHash,
        },
        actor,
      );
    }
    case "reorged": {
      // Live mode's answer to a confirming transfer that leaves the chain (verify-payment.ts
      // failIfDropped): processing may only end in the chain's verdict (lifecycle.ts has no way back
      // to requires_action, so a webhook consumer never sees a status undone), and a transfer not
      // mined again fails the payment rather than leaving buyer and merchant waiting on it. The
      // buyer pays again with a new payment, as after any failure.
      const seen = await transitionPayment(tx, payment, "processing", {
        actor,
        data: { simulated: true, txHash, confirmations: 1, value: quoted.toString() },
        patch: await chosen(),
      });
      const reason = droppedTransferReason(txHash, networkName(chainIdOf(option.asset)), true);
      return transitionPayment(tx, seen, "failed", {
        actor,
        data: { simulated: true, txHash, reason },
        patch: { failureReason: reason },
      });
    }
    case "paid_late": {
      const expired =
        payment.status === "expired"
          ? payment
          : await transitionPayment(tx, payment, "expired", { actor, data: { simulated: true } });
      return recordPaymentException(
        tx,
        expired,
        { type: "paid_late", asset: option.asset, expected: quoted, received: quoted, txHash },
        actor,
      );
    }
  }
}

async function chosenOption(tx: DbOrTx, payment: Payment): Promise<PaymentOption> {
  const options = await listPaymentOptions(tx, payment);
  const option = options.find((o) => o.settlementId === payment.attempt?.settlementId) ?? options[0];
  if (!option) {
    throw new AppError(
      "invalid_state",
      "The merchant has no crypto settlement that can pay this amount. Register one (for example USDC for a USD amount) and try again.",
    );
  }
  return option;
}

const sameOption = (attempt: PaymentAttempt, option: PaymentOption) =>
  attempt.settlementId === option.settlementId &&
  attempt.asset === option.asset &&
  attempt.destination === option.destination &&
  attempt.value.toFixed() === option.value;

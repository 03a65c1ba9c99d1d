import "server-only";
import type { Hex, PublicClient } from "viem";
import { db, type PaymentAttempt, type RelayerSubmission } from "@/lib/core/db";
import { verifyPaymentTransaction } from "@/lib/domain/payments/verify-payment";
import { collectionTransaction, collectionUsed } from "./collector/collector";
import { eip3009Abi } from "./eip3009";
import { optionAuthorization } from "./options";
import { recordRelayerEvent } from "./relayer-submissions";

/** Whether the chain shows the option's authorization (EIP-3009) or collection (collector) used, by anyone. */
export async function authorizationUsed(client: PublicClient, option: PaymentAttempt): Promise<boolean> {
  if (option.method === "collector") return collectionUsed(client, option);
  const auth = optionAuthorization(option);
  return client.readContract({
    address: option.asset.split(":").pop() as Hex,
    abi: eip3009Abi,
    functionName: "authorizationState",
    args: [auth.from, auth.nonce],
  });
}

/**
 * A pending submission whose authorization the chain shows used (by the relayer's own earlier send
 * or by whoever else held the signature): finds the transaction that used it, records it on the
 * submission and the payment's timeline (saying whether the relay found it at once or the recovery
 * sweep later), and verifies it like any other. Answers its hash, or null when the transaction is not
 * found yet or another instance recorded it first.
 */
export async function recordUsedAuthorization(
  client: PublicClient,
  submission: Pick<RelayerSubmission, "id" | "paymentId">,
  option: PaymentAttempt,
  by: "relay" | "recovery",
): Promise<Hex | null> {
  const auth = optionAuthorization(option);
  const txHash =
    option.method === "collector"
      ? await collectionTransaction(client, option)
      : (
          await client.getContractEvents({
            address: option.asset.split(":").pop() as Hex,
            abi: eip3009Abi,
            eventName: "AuthorizationUsed",
            args: { authorizer: auth.from, nonce: auth.nonce },
            fromBlock: 0n,
          })
        )[0]?.transactionHash;
  if (!txHash) return null;
  const { count } = await db().relayerSubmission.updateMany({
    where: { id: submission.id, status: "pending" },
    data: { status: "submitted", txHash },
  });
  if (count === 0) return null;
  await db().$transaction((tx) =>
    recordRelayerEvent(tx, submission.paymentId, "payment.transaction_submitted", {
      txHash,
      settlementId: option.settlementId,
      relayed: true,
      recovered: by === "recovery",
    }),
  );
  await verifyPaymentTransaction(submission.paymentId, txHash, "relayer");
  return txHash;
}

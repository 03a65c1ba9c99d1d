import "server-only";
import { address, getPublicKeyFromAddress, verifySignature } from "@solana/kit";
import { getSolanaCluster, solanaRpc } from "@/lib/core/chain/solana/clusters";
import { decodeWireTransaction, transactionBlockhash } from "@/lib/domain/chain/solana/payment-transaction";
import type { PaymentAttempt } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";

const invalid = (message: string, field: string) =>
  new AppError("invalid_params", message, { fields: { results: field } });

/**
 * Refuses a `solana_signTransaction` result that is not the offered transaction signed by the
 * option's account: its message must be byte for byte the one offered (instructions, amounts,
 * accounts, fee payer, blockhash), the buyer's signature valid over it, and (live) its blockhash
 * still valid on the cluster, so the relayer's broadcast can land.
 */
export async function checkSignedTransaction(option: PaymentAttempt, signedBase64: string): Promise<void> {
  const offered = decodeWireTransaction(option.transaction ?? "");
  const signed = decodeWireTransaction(signedBase64);
  if (!offered)
    throw new AppError("invalid_state", "This option holds no transaction; ask for options again.");
  if (!signed)
    throw invalid(
      "The result of solana_signTransaction must be the whole signed transaction, base64-encoded (not a detached signature).",
      "Not a base64 transaction.",
    );
  if (Buffer.compare(Buffer.from(offered.messageBytes), Buffer.from(signed.messageBytes)) !== 0)
    throw invalid(
      "The signed transaction is not the one this option offered: its instructions, amounts, accounts, fee payer or blockhash differ.",
      "Transaction differs from the one offered.",
    );
  const payer = option.payer!.split(":").pop()!;
  const signature = signed.signatures[address(payer)];
  const valid =
    signature != null &&
    (await verifySignature(
      await getPublicKeyFromAddress(address(payer)),
      signature,
      signed.messageBytes,
    ).catch(() => false));
  if (!valid)
    throw invalid(
      `The transaction is not signed by ${payer}, the option's account.`,
      "Signature does not match.",
    );
  if (option.mode !== "live") return;
  const cluster = getSolanaCluster(option.asset.split("/")[0]!);
  if (!cluster) throw new AppError("chain_unavailable", "No RPC is configured for this Solana cluster.");
  const { value: fresh } = await solanaRpc(cluster)
    .isBlockhashValid(
      transactionBlockhash(signed) as Parameters<ReturnType<typeof solanaRpc>["isBlockhashValid"]>[0],
      {
        commitment: "processed",
      },
    )
    .send();
  if (!fresh)
    throw new AppError(
      "quote_expired",
      "This transaction's recent blockhash has expired, so it can no longer land. Ask for options again and sign the new transaction.",
    );
}

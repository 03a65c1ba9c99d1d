import "server-only";
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
  type Transaction,
} from "@solana/kit";
import { getSetComputeUnitLimitInstruction } from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";

// The transaction a Solana gateway option hands the wallet to sign: the buyer's transfer of exactly
// the quoted amount to the merchant (its associated token account, created in the same transaction
// when missing, the rent paid by the fee payer), carrying the option's reference key as a read-only
// account of the transfer as Solana Pay does, with Tollgate's relayer as fee payer.

/** Compute units a payment may use: the idempotent account creation (~25k when it creates) and the transfer (~6k). */
export const paymentComputeUnits = 80_000;

export type PaymentTransfer = {
  payer: string;
  destination: string;
  /** The SPL mint, or null for SOL. */
  mint: { address: string; decimals: number } | null;
  value: bigint;
  reference: string;
  feePayer: string;
  blockhash: string;
  lastValidBlockHeight: bigint;
};

/** The merchant's associated token account for a mint. */
export async function associatedTokenAccount(owner: string, mint: string): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  return ata;
}

const withReference = (ix: Instruction, reference: string): Instruction => ({
  ...ix,
  accounts: [...(ix.accounts ?? []), { address: address(reference), role: AccountRole.READONLY }],
});

/** The unsigned transaction (base64 wire form, both signatures empty). */
export async function paymentTransaction(t: PaymentTransfer): Promise<string> {
  const buyer = createNoopSigner(address(t.payer));
  const feePayer = createNoopSigner(address(t.feePayer));
  const instructions: Instruction[] = [getSetComputeUnitLimitInstruction({ units: paymentComputeUnits })];
  if (t.mint) {
    const mint = address(t.mint.address);
    const [source, destination] = await Promise.all([
      associatedTokenAccount(t.payer, t.mint.address),
      associatedTokenAccount(t.destination, t.mint.address),
    ]);
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: feePayer,
        ata: destination,
        owner: address(t.destination),
        mint,
      }),
      withReference(
        getTransferCheckedInstruction({
          source,
          mint,
          destination,
          authority: buyer,
          amount: t.value,
          decimals: t.mint.decimals,
        }),
        t.reference,
      ),
    );
  } else {
    instructions.push(
      withReference(
        getTransferSolInstruction({ source: buyer, destination: address(t.destination), amount: t.value }),
        t.reference,
      ),
    );
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(t.feePayer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: t.blockhash as Blockhash, lastValidBlockHeight: t.lastValidBlockHeight },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}

/** Decodes a base64 wire transaction; null when it is not one. */
export function decodeWireTransaction(base64: string): Transaction | null {
  try {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
    return getTransactionDecoder().decode(getBase64Encoder().encode(base64)) as Transaction;
  } catch {
    return null;
  }
}

/** The recent blockhash a transaction's message is bound to. */
export function transactionBlockhash(transaction: Transaction): string {
  return getCompiledTransactionMessageDecoder().decode(transaction.messageBytes).lifetimeToken;
}

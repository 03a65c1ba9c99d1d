import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  lamports,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
  type Transaction,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { solanaMintAuthority, solanaNodeRpc } from "./solana-settings";

// A Solana wallet written with @solana/kit, talking to the suite's test node through kit's RPC
// client: it holds a key, signs what the gateway hands it, and never sends anything itself.

export const solanaRpc = createSolanaRpc(solanaNodeRpc);

export const newSolanaWallet = () => generateKeyPairSigner();

/** The associated token account of `owner` for `mint`. */
export async function tokenAccount(owner: string, mint: string) {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  return ata;
}

/** Mints `amount` (smallest units) of a test mint to `owner`'s token account; the suite's authority pays. */
export async function mintTokens(mint: string, owner: string, amount: bigint): Promise<void> {
  const authority = await solanaMintAuthority();
  const ata = await tokenAccount(owner, mint);
  await sendInstructions(authority, [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: authority,
      ata,
      owner: address(owner),
      mint: address(mint),
    }),
    getMintToInstruction({ mint: address(mint), token: ata, mintAuthority: authority, amount }),
  ]);
}

/** The token balance of `owner` for `mint` (0 when it has no token account). */
export async function tokenBalance(owner: string, mint: string): Promise<bigint> {
  const ata = await tokenAccount(owner, mint);
  const { value } = await solanaRpc.getAccountInfo(ata, { encoding: "base64" }).send();
  if (!value) return 0n;
  return BigInt((await solanaRpc.getTokenAccountBalance(ata).send()).value.amount);
}

export async function solBalance(owner: string): Promise<bigint> {
  return BigInt((await solanaRpc.getBalance(address(owner)).send()).value);
}

export async function airdrop(owner: string, amount: bigint): Promise<void> {
  await solanaRpc.requestAirdrop(address(owner), lamports(amount)).send();
}

export const decodeTransaction = (base64: string) =>
  getTransactionDecoder().decode(getBase64Encoder().encode(base64)) as Transaction;

/** What a wallet does with `solana_signTransaction`: adds its signature and returns the whole transaction, base64. */
export async function signOffered(wallet: KeyPairSigner, base64: string): Promise<string> {
  const signed = await partiallySignTransaction([wallet.keyPair], decodeTransaction(base64));
  return getBase64EncodedWireTransaction(signed);
}

/** The offered transaction with `key`'s signature in the slot of `signer` (a forgery). */
export async function signInPlaceOf(key: KeyPairSigner, signer: string, base64: string): Promise<string> {
  const offered = decodeTransaction(base64);
  const forged = await signBytes(key.keyPair.privateKey, offered.messageBytes);
  return getBase64EncodedWireTransaction({
    ...offered,
    signatures: { ...offered.signatures, [signer]: forged },
  } as Transaction);
}

/** The offered transaction with one byte of its message changed (`fromEnd` bytes from its end), signed by the wallet. */
export async function signAltered(wallet: KeyPairSigner, base64: string, fromEnd: number): Promise<string> {
  const offered = decodeTransaction(base64);
  const bytes = new Uint8Array(offered.messageBytes);
  bytes[bytes.length - fromEnd] = (bytes[bytes.length - fromEnd]! + 1) % 256;
  const altered = { ...offered, messageBytes: bytes as unknown as Transaction["messageBytes"] };
  return getBase64EncodedWireTransaction(await partiallySignTransaction([wallet.keyPair], altered));
}

/** One of the test node's own methods (not Solana's API); answers its result. */
async function nodeControl(method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(solanaNodeRpc, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  if (!res.ok) throw new Error(`${method}: ${res.status}`);
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * How many times the node has answered `method` with each of `accounts` as its first parameter,
 * read at one instant (the node answers one call at a time), from anyone: the server's watcher included.
 */
export const nodeCallCounts = (method: string, accounts: string[]) =>
  nodeControl("tollgate_callCounts", [method, accounts]) as Promise<number[]>;

/** The recent blockhash moves on: older ones are stale. */
export const expireBlockhash = async () => void (await nodeControl("tollgate_expireBlockhash"));

/** While held, landed transactions stay `confirmed` (not `finalized`). */
export const holdFinality = async (held: boolean) =>
  void (await nodeControl("tollgate_holdFinality", [held]));
/** Sets an account's lamports (test-only node method). */
export const setSolBalance = async (owner: string, lamports: bigint) =>
  void (await nodeControl("tollgate_setBalance", [owner, Number(lamports)]));

/**
 * What a Solana Pay wallet does with a transfer request (`solana:<recipient>?amount=…&spl-token=…&reference=…`):
 * it creates the recipient's token account if missing and sends the transfer itself, paying its own
 * fee, with the reference as a read-only account. `change` makes it pay wrongly (another amount or
 * mint, no reference). Answers the transaction's signature.
 */
export async function payTransferRequest(
  wallet: KeyPairSigner,
  uri: string,
  change: { amount?: bigint; mint?: string; withoutReference?: boolean } = {},
): Promise<string> {
  const url = new URL(uri);
  const recipient = address(url.pathname);
  const mint = change.mint ?? url.searchParams.get("spl-token");
  const decimals = mint ? 6 : 9;
  const [whole, fraction = ""] = url.searchParams.get("amount")!.split(".");
  const amount = change.amount ?? BigInt(whole! + fraction.padEnd(decimals, "0"));
  const reference = url.searchParams.get("reference");
  const transfer = mint
    ? getTransferCheckedInstruction({
        source: await tokenAccount(wallet.address, mint),
        mint: address(mint),
        destination: await tokenAccount(recipient, mint),
        authority: wallet,
        amount,
        decimals,
      })
    : getTransferSolInstruction({ source: wallet, destination: recipient, amount });
  const withReference: Instruction =
    reference && !change.withoutReference
      ? {
          ...transfer,
          accounts: [...transfer.accounts, { address: address(reference), role: AccountRole.READONLY }],
        }
      : transfer;
  const instructions: Instruction[] = mint
    ? [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: wallet,
          ata: await tokenAccount(recipient, mint),
          owner: recipient,
          mint: address(mint),
        }),
        withReference,
      ]
    : [withReference];
  return sendInstructions(wallet, instructions);
}

/**
 * One transaction of several token transfers from `wallet` (which pays its fee), creating each
 * recipient's token account if missing, and no reference key: what a wallet paying two invoices at
 * once sends. Answers its signature.
 */
export async function sendTokenTransfers(
  wallet: KeyPairSigner,
  mint: string,
  transfers: { to: string; amount: bigint }[],
): Promise<string> {
  const instructions: Instruction[] = [];
  for (const { to, amount } of transfers) {
    const destination = await tokenAccount(to, mint);
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: wallet,
        ata: destination,
        owner: address(to),
        mint: address(mint),
      }),
      getTransferCheckedInstruction({
        source: await tokenAccount(wallet.address, mint),
        mint: address(mint),
        destination,
        authority: wallet,
        amount,
        decimals: 6,
      }),
    );
  }
  return sendInstructions(wallet, instructions);
}

/** One transaction of `instructions`, fee paid by `feePayer`, signed and sent; answers its signature. */
async function sendInstructions(feePayer: KeyPairSigner, instructions: Instruction[]): Promise<string> {
  const { value: latest } = await solanaRpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  await solanaRpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send();
  return getSignatureFromTransaction(signed);
}

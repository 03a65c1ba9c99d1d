// A Solana test node: litesvm (the real SVM, with the SPL token, associated token and memo
// programs) behind a small JSON-RPC server answering the methods Tollgate and the test wallets use,
// with the request and response shapes of Solana's RPC documentation
// (https://solana.com/docs/rpc/http), so both talk to it through @solana/kit's RPC client as they
// would to a cluster. No validator can be installed on these machines; the SVM runs in process.
//
// Methods: getGenesisHash, getHealth, getSlot, getBlockHeight, getLatestBlockhash, isBlockhashValid,
// getAccountInfo, getBalance, getTokenAccountBalance, getMinimumBalanceForRentExemption,
// sendTransaction, simulateTransaction, getSignatureStatuses, getSignaturesForAddress, getTransaction,
// requestAirdrop; and,
// for tests only, tollgate_expireBlockhash (the recent blockhash moves on: older ones are stale),
// tollgate_holdFinality(bool) (landed transactions stay `confirmed` until it is released) and
// tollgate_setBalance(address, lamports) (as Hardhat's hardhat_setBalance) and
// tollgate_callCounts(method, [address…]) (how often each address was the first parameter of that
// method since the node started: what a client asked of the node, counted where it arrives).
import http from "node:http";
import { LiteSVM, FailedTransactionMetadata } from "litesvm";
import {
  address,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  none,
  some,
  type Address,
  type Signature,
  type Transaction,
} from "@solana/kit";
import { getMintEncoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { localSolanaGenesisHash, solanaMintAuthority, solanaTestMints } from "./solana-settings";

type TokenBalance = {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: { amount: string; decimals: number; uiAmount: number; uiAmountString: string };
};
type Recorded = {
  slot: bigint;
  blockTime: number;
  wire: string;
  fee: number;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logMessages: string[];
  computeUnitsConsumed: bigint;
  version: "legacy" | 0;
  message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>["decode"]>;
  signatures: string[];
};

const base58 = getBase58Decoder();
const fieldlessErrors: Record<number, string> = {
  2: "AccountNotFound",
  4: "InsufficientFundsForFee",
  6: "AlreadyProcessed",
  7: "BlockhashNotFound",
  9: "MissingSignatureForFee",
  11: "SignatureFailure",
  13: "SanitizeFailure",
};

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export class SolanaNode {
  readonly svm = new LiteSVM();
  private readonly history = new Map<string, Recorded>();
  /** Each account's transactions (signatures), oldest first, for getSignaturesForAddress. */
  private readonly byAccount = new Map<string, string[]>();
  /** While set (tollgate_holdFinality), landed transactions are `confirmed`, not yet `finalized`. */
  private holdFinality = false;
  /** Calls answered, by method and first parameter ("getSignaturesForAddress <address>"), for tollgate_callCounts. */
  private readonly calls = new Map<string, number>();
  private server?: http.Server;

  constructor() {
    this.tick();
  }

  /** Creates the test mints (USDC, USDT, EURC at their mainnet addresses, and an unlisted one), minted by the suite's authority. */
  async setUp(): Promise<void> {
    const authority = await solanaMintAuthority();
    this.svm.airdrop(authority.address, lamports(1_000_000_000_000n));
    const space = 82n;
    for (const mint of Object.values(solanaTestMints)) {
      this.svm.setAccount({
        address: address(mint),
        data: new Uint8Array(
          getMintEncoder().encode({
            mintAuthority: some(authority.address),
            supply: 0n,
            decimals: 6,
            isInitialized: true,
            freezeAuthority: none(),
          }),
        ),
        executable: false,
        lamports: lamports(this.svm.minimumBalanceForRentExemption(space)),
        programAddress: TOKEN_PROGRAM_ADDRESS,
        space,
      });
    }
  }

  /** Gives an account SOL (the relayer's fees, before the server answers). */
  fund(to: Address, amount: bigint): void {
    this.svm.airdrop(to, lamports(amount));
  }

  listen(port: number): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const answer = (payload: unknown) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(payload, (_k, v) => (typeof v === "bigint" ? Number(v) : v)));
        };
        let request: { id?: unknown; method?: string; params?: unknown[] };
        try {
          request = JSON.parse(body);
        } catch {
          return answer({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
        }
        try {
          answer({
            jsonrpc: "2.0",
            id: request.id,
            result: this.call(request.method ?? "", request.params ?? []),
          });
        } catch (error) {
          const e =
            error instanceof RpcError
              ? error
              : new RpcError(-32603, `Internal error: ${(error as Error).message}`);
          answer({
            jsonrpc: "2.0",
            id: request.id,
            error: { code: e.code, message: e.message, data: e.data },
          });
        }
      });
    });
    return new Promise((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", () => resolve());
    });
  }

  close(): void {
    this.server?.close();
  }

  private context() {
    return { apiVersion: "2.2.0", slot: this.svm.getClock().slot };
  }

  // Every transaction lands in a slot of its own, at the wall clock's time.
  private tick() {
    const clock = this.svm.getClock();
    clock.slot = clock.slot + 1n;
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000));
    this.svm.setClock(clock);
  }

  private call(method: string, params: unknown[]): unknown {
    const counted = `${method} ${String(params[0])}`;
    this.calls.set(counted, (this.calls.get(counted) ?? 0) + 1);
    switch (method) {
      case "getGenesisHash":
        return localSolanaGenesisHash;
      case "getHealth":
        return "ok";
      case "getSlot":
      case "getBlockHeight":
        return this.svm.getClock().slot;
      case "getLatestBlockhash":
        return {
          context: this.context(),
          value: {
            blockhash: this.svm.latestBlockhash(),
            lastValidBlockHeight: this.svm.getClock().slot + 150n,
          },
        };
      case "isBlockhashValid":
        return { context: this.context(), value: params[0] === this.svm.latestBlockhash() };
      case "getMinimumBalanceForRentExemption":
        return this.svm.minimumBalanceForRentExemption(BigInt(Number(params[0])));
      case "getBalance":
        return { context: this.context(), value: this.svm.getBalance(this.address(params[0])) ?? 0n };
      case "getAccountInfo":
        return { context: this.context(), value: this.accountInfo(this.address(params[0])) };
      case "getTokenAccountBalance": {
        const token = this.tokenAccount(this.address(params[0]));
        if (!token) throw new RpcError(-32602, "Invalid param: could not find account");
        return { context: this.context(), value: uiAmount(token.amount, 6) };
      }
      case "requestAirdrop": {
        const to = this.address(params[0]);
        const amount = BigInt(Number(params[1]));
        const existing = this.svm.getAccount(to);
        // litesvm's airdrop is one transaction per (recipient, amount, blockhash): a repeat is
        // credited directly, as a faucet's second, distinct transaction would.
        if (existing.exists) {
          this.svm.setAccount({ ...existing, lamports: lamports(existing.lamports + amount) });
          this.tick();
          return base58.decode(crypto.getRandomValues(new Uint8Array(64)));
        }
        const result = this.svm.airdrop(to, lamports(amount));
        if (!result || result instanceof FailedTransactionMetadata)
          throw new RpcError(
            -32603,
            `Internal error: the airdrop failed (${result ? JSON.stringify(errorName(result)) : "no result"})`,
          );
        this.tick();
        return base58.decode(result.signature());
      }
      case "simulateTransaction": {
        const transaction = this.decodeWire(params[0]);
        const simulated = this.svm.simulateTransaction(transaction);
        const failed = simulated instanceof FailedTransactionMetadata;
        const meta = simulated.meta();
        return {
          context: this.context(),
          value: {
            err: failed ? errorName(simulated) : null,
            logs: meta.logs(),
            unitsConsumed: meta.computeUnitsConsumed(),
            accounts: null,
            returnData: null,
          },
        };
      }
      case "sendTransaction":
        return this.send(params[0]);
      case "getSignatureStatuses": {
        const signatures = (params[0] ?? []) as string[];
        return {
          context: this.context(),
          value: signatures.map((signature) => {
            const found = this.history.get(signature);
            return found
              ? {
                  slot: found.slot,
                  confirmations: null,
                  err: null,
                  status: { Ok: null },
                  confirmationStatus: this.holdFinality ? "confirmed" : "finalized",
                }
              : null;
          }),
        };
      }
      case "getSignaturesForAddress":
        return this.signaturesFor(this.address(params[0]), params[1]);
      case "getTransaction": {
        const commitment = (params[1] as { commitment?: string } | undefined)?.commitment ?? "finalized";
        return this.holdFinality && commitment === "finalized" ? null : this.transaction(String(params[0]));
      }
      case "tollgate_holdFinality":
        this.holdFinality = Boolean(params[0]);
        return this.holdFinality;
      case "tollgate_setBalance": {
        const at = this.address(params[0]);
        const account = this.svm.getAccount(at);
        if (!account.exists) throw new RpcError(-32602, `Invalid param: ${at} has no account`);
        this.svm.setAccount({ ...account, lamports: lamports(BigInt(Number(params[1]))) });
        return null;
      }
      case "tollgate_callCounts":
        return ((params[1] ?? []) as unknown[]).map(
          (at) => this.calls.get(`${String(params[0])} ${String(at)}`) ?? 0,
        );
      case "tollgate_expireBlockhash":
        this.svm.expireBlockhash();
        return this.svm.latestBlockhash();
      default:
        throw new RpcError(-32601, `Method not found: ${method}`);
    }
  }

  private address(value: unknown): Address {
    try {
      return address(String(value));
    } catch {
      throw new RpcError(-32602, `Invalid param: ${String(value)} is not a base58 address`);
    }
  }

  private accountInfo(at: Address) {
    const account = this.svm.getAccount(at);
    if (!account.exists) return null;
    return {
      data: [Buffer.from(account.data).toString("base64"), "base64"],
      executable: account.executable,
      lamports: account.lamports,
      owner: account.programAddress,
      rentEpoch: 18446744073709551615n,
      space: account.data.length,
    };
  }

  private tokenAccount(at: Address) {
    const account = this.svm.getAccount(at);
    if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS || account.data.length !== 165)
      return null;
    return getTokenDecoder().decode(account.data);
  }

  private decodeWire(param: unknown): Transaction {
    try {
      return getTransactionDecoder().decode(getBase64Encoder().encode(String(param))) as Transaction;
    } catch {
      throw new RpcError(-32602, "invalid transaction: failed to deserialize the base64 transaction");
    }
  }

  private balances(keys: readonly Address[]) {
    const lamportsOf = keys.map((k) => BigInt(this.svm.getBalance(k) ?? 0n));
    const tokens: TokenBalance[] = [];
    keys.forEach((k, accountIndex) => {
      const token = this.tokenAccount(k);
      if (token)
        tokens.push({
          accountIndex,
          mint: token.mint,
          owner: token.owner,
          programId: TOKEN_PROGRAM_ADDRESS,
          uiTokenAmount: uiAmount(token.amount, 6),
        });
    });
    return { lamportsOf, tokens };
  }

  private send(param: unknown): string {
    const transaction = this.decodeWire(param);
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    const keys = message.staticAccounts;
    const before = this.balances(keys);
    const result = this.svm.sendTransaction(transaction);
    if (result instanceof FailedTransactionMetadata) {
      const err = errorName(result);
      throw new RpcError(
        -32002,
        `Transaction simulation failed: ${typeof err === "string" ? err : JSON.stringify(err)}`,
        {
          err,
          logs: result.meta().logs(),
          accounts: null,
          unitsConsumed: result.meta().computeUnitsConsumed(),
        },
      );
    }
    const after = this.balances(keys);
    const signatures = Object.values(transaction.signatures).map((s) => (s ? base58.decode(s) : ""));
    const clock = this.svm.getClock();
    this.history.set(signatures[0]!, {
      slot: clock.slot,
      blockTime: Number(clock.unixTimestamp),
      wire: String(param),
      fee: 5000 * signatures.length,
      preBalances: before.lamportsOf,
      postBalances: after.lamportsOf,
      preTokenBalances: before.tokens,
      postTokenBalances: after.tokens,
      logMessages: result.logs(),
      computeUnitsConsumed: result.computeUnitsConsumed(),
      version: message.version === "legacy" ? "legacy" : 0,
      message,
      signatures,
    });
    for (const key of keys) this.byAccount.set(key, [...(this.byAccount.get(key) ?? []), signatures[0]!]);
    this.tick();
    return signatures[0]!;
  }

  /**
   * Solana's getSignaturesForAddress: the transactions naming the account, newest first, from
   * before `before` (exclusive) down to `until` (exclusive), at most `limit` (1000).
   */
  private signaturesFor(account: Address, config: unknown) {
    const {
      limit = 1000,
      before,
      until,
      commitment = "finalized",
    } = (config ?? {}) as {
      limit?: number;
      before?: string;
      until?: string;
      commitment?: string;
    };
    if (this.holdFinality && commitment === "finalized") return [];
    const newestFirst = [...(this.byAccount.get(account) ?? [])].reverse();
    const start = before ? newestFirst.indexOf(before) + 1 : 0;
    const answer = [];
    for (const signature of newestFirst.slice(start)) {
      if (signature === until || answer.length >= Math.min(limit, 1000)) break;
      const found = this.history.get(signature)!;
      answer.push({
        signature,
        slot: found.slot,
        err: null,
        memo: null,
        blockTime: found.blockTime,
        confirmationStatus: this.holdFinality ? "confirmed" : "finalized",
      });
    }
    return answer;
  }

  private transaction(signature: string) {
    const found = this.history.get(signature);
    if (!found) return null;
    const m = found.message;
    return {
      slot: found.slot,
      blockTime: found.blockTime,
      version: found.version,
      transaction: {
        signatures: found.signatures,
        message: {
          accountKeys: m.staticAccounts,
          header: {
            numRequiredSignatures: m.header.numSignerAccounts,
            numReadonlySignedAccounts: m.header.numReadonlySignerAccounts,
            numReadonlyUnsignedAccounts: m.header.numReadonlyNonSignerAccounts,
          },
          recentBlockhash: m.lifetimeToken,
          instructions: ("instructions" in m ? m.instructions : []).map((ix) => ({
            programIdIndex: ix.programAddressIndex,
            accounts: ix.accountIndices ?? [],
            data: base58.decode(ix.data ?? new Uint8Array()),
            stackHeight: null,
          })),
        },
      },
      meta: {
        err: null,
        status: { Ok: null },
        fee: found.fee,
        preBalances: found.preBalances,
        postBalances: found.postBalances,
        preTokenBalances: found.preTokenBalances,
        postTokenBalances: found.postTokenBalances,
        innerInstructions: [],
        logMessages: found.logMessages,
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: found.computeUnitsConsumed,
      },
    };
  }
}

function uiAmount(amount: bigint, decimals: number) {
  const ui = Number(amount) / 10 ** decimals;
  return { amount: amount.toString(), decimals, uiAmount: ui, uiAmountString: String(ui) };
}

function errorName(failed: FailedTransactionMetadata): unknown {
  const err = failed.err();
  if (typeof err === "number") return fieldlessErrors[err] ?? `TransactionError(${err})`;
  if ("index" in err && "err" in err) {
    const inner = err.err();
    return {
      InstructionError: [err.index, typeof inner === "number" ? `Error(${inner})` : inner.toString()],
    };
  }
  return err.toString();
}

/** Starts the node on loopback (once per test run, beside the Hardhat node). */
export async function startSolanaNode(port: number): Promise<SolanaNode> {
  const node = new SolanaNode();
  await node.setUp();
  await node.listen(port);
  return node;
}

export type { Signature };

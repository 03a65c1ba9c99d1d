import { AppError } from "./app-error";

// Failures that come from a chain's RPC node or the relayer rather than from Tollgate: each has its
// own code, and only a one-line reason of the node's answer is kept (its whole text repeats the
// request body and the node's URL).

// viem's names for a node that did not answer, as opposed to one that answered with an error.
const unreachableNames = new Set([
  "HttpRequestError",
  "TimeoutError",
  "WebSocketRequestError",
  "SocketClosedError",
]);
const unreachableText =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|fetch failed|socket hang up/i;

function chainOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++, e = (e as { cause?: unknown }).cause)
    chain.push(e);
  return chain;
}

export function isChainUnavailable(error: unknown): boolean {
  if (error instanceof AppError) return false;
  return chainOf(error).some(
    (e) =>
      e instanceof Error &&
      (unreachableNames.has(e.name) ||
        unreachableText.test(`${(e as { code?: string }).code ?? ""} ${e.message}`)),
  );
}

// viem's names for a node that answered a JSON-RPC error (RpcRequestError and its RpcError kinds)...
const rpcErrorName = /^RpcRequestError$|RpcError$/;
// ...except the chain's own "no": a reverted call or transaction is the chain deciding, not failing.
const revertedNames = new Set(["ExecutionRevertedError", "ContractFunctionRevertedError"]);
const revertCode = 3;

/** A chain's node answered, with an error where an answer was due (not a revert: that is the chain's decision). */
export function isChainRpcError(error: unknown): boolean {
  if (error instanceof AppError) return false;
  const chain = chainOf(error);
  if (
    chain.some(
      (e) =>
        e instanceof Error && (revertedNames.has(e.name) || (e as { code?: unknown }).code === revertCode),
    )
  )
    return false;
  return chain.some((e) => e instanceof Error && rpcErrorName.test(e.name));
}

/** The first line of what a node or viem said (or the last of a database error's), at most 200 characters. */
export function shortReason(error: unknown): string {
  const text =
    error instanceof Error
      ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
      : String(error);
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return ((error as { clientVersion?: string }).clientVersion ? lines.at(-1) : lines[0])?.slice(0, 200) ?? "";
}

export function chainUnavailable(requestId?: string): AppError {
  return new AppError("chain_unavailable", "The chain's RPC node did not answer. Retry shortly.", {
    retryAfterSeconds: 10,
    ...(requestId ? { requestId } : {}),
  });
}

export function chainRpcError(error: unknown, requestId?: string): AppError {
  return new AppError("chain_rpc_error", "The chain's RPC node answered with an error. Retry shortly.", {
    reason: shortReason(error),
    retryAfterSeconds: 10,
    ...(requestId ? { requestId } : {}),
  });
}

export function relayerOutOfFunds(): AppError {
  return new AppError(
    "relayer_out_of_funds",
    "The relayer has too little gas to submit the payment. The payment is still payable: retry later, or pay by sending the transfer yourself.",
    { retryAfterSeconds: 300 },
  );
}

export function relayerUnavailable(why = "The relayer could not submit the payment."): AppError {
  return new AppError("relayer_unavailable", `${why} The payment is still payable; retry shortly.`, {
    retryAfterSeconds: 5,
  });
}

/** What the caller is told of a relay that failed before anything was sent. */
export function relayFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isChainUnavailable(error)) return chainUnavailable();
  const reason = shortReason(error);
  if (/insufficient funds/i.test(reason)) return relayerOutOfFunds();
  if (/nonce too low|replacement transaction underpriced|already known/i.test(reason))
    return relayerUnavailable("The relayer is busy on this chain.");
  return relayerUnavailable();
}

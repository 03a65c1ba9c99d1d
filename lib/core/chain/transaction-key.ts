/**
 * How a transaction id is stored and compared on its chain: an EVM hash is hex, so case carries no
 * meaning and it is kept in lower case; a Solana signature is base58, where case is part of the
 * value, so it is kept exactly as given.
 */
export function transactionKey(chainId: string, txHash: string): string {
  return chainId.startsWith("eip155:") ? txHash.toLowerCase() : txHash;
}

/** Whether two addresses on `chainId` are the same: EVM addresses ignore case (checksums), base58 ones do not. */
export function sameAddress(chainId: string, a: string, b: string): boolean {
  return chainId.startsWith("eip155:") ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/**
 * The ChainTransfer rows that claim a transfer (as the watcher's inbox keys it): on EVM the
 * transfer's own log; on Solana any claim of its transaction, since a payment claims a Solana
 * transaction whole (its ChainTransfer has logIndex 0), while the inbox keys each account's receipt
 * in it by that account's index among the transaction's accounts.
 */
export function claimOf(transfer: { chainId: string; txHash: string; logIndex: number }) {
  const txHash = transactionKey(transfer.chainId, transfer.txHash);
  return transfer.chainId.startsWith("eip155:")
    ? { chainId: transfer.chainId, txHash, logIndex: transfer.logIndex }
    : { chainId: transfer.chainId, txHash };
}

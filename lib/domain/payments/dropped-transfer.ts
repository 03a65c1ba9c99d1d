// The failure of a payment whose transfer was seen, then reorganised out of its chain and not mined
// again: written by the watcher (verify-payment.ts) and test mode's simulator, and recognised by the
// checkout, which tells the buyer no money moved rather than only "the payment failed".

const marker = "(reorganised out and not mined again";

export function droppedTransferReason(txHash: string, networkName: string, simulated = false): string {
  return `The transaction ${txHash} was dropped from ${networkName} ${marker}${simulated ? "; simulated" : ""}).`;
}

/** The network a payment's failure says its transfer left, or null for any other failure. */
export function droppedFromNetwork(failureReason: string | null): string | null {
  if (!failureReason?.includes(marker)) return null;
  return / was dropped from (.+?) \(reorganised out/.exec(failureReason)?.[1] ?? null;
}

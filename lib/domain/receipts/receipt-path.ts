/** Where a payment's receipt is: its random token, never the payment id, opens it. */
export function receiptPath(receiptToken: string): string {
  return `/receipt/${receiptToken}`;
}

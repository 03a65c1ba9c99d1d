// ABA routing transit numbers (US bank routing numbers): nine digits whose weighted sum
// 3·(d1+d4+d7) + 7·(d2+d5+d8) + 1·(d3+d6+d9) is a multiple of 10. Client-safe: the settlement form
// checks as the user types, and the schema checks again on the server.

const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/** Why `value` is not a valid routing number, or null when it is. */
export function routingNumberProblem(value: string): string | null {
  if (!/^[0-9]{9}$/.test(value)) return "A routing number is exactly 9 digits.";
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  if (sum % 10 !== 0)
    return "This is not a valid routing number (its check digit does not match). Check it for typos.";
  return null;
}

export function isValidRoutingNumber(value: string): boolean {
  return routingNumberProblem(value) === null;
}

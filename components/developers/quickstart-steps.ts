import { knownAssets } from "@/lib/core/money/assets";
import type { Mode } from "@/lib/core/db";

export type QuickstartStep = { id: string; title: string; description: string; code: string; then?: string };

const baseUsdc = knownAssets.find((a) => a.symbol === "USDC" && a.chainId === "eip155:8453")!;

/**
 * The quickstart's curl commands for one mode, against the real base URL. The key is read from
 * `$TOLLGATE_API_KEY` so nothing secret is on the page; ids flow between steps through variables.
 */
export function quickstartSteps(baseUrl: string, mode: Mode): QuickstartStep[] {
  const auth = `-H "Api-Key: $TOLLGATE_API_KEY"`;
  // In test mode any well-formed address will do; in live mode a copied example address would
  // receive real funds, so the placeholder there is deliberately not a valid address.
  const wallet = mode === "test" ? "0x1111111111111111111111111111111111111111" : "0xYOUR_WALLET_ADDRESS";
  const steps: QuickstartStep[] = [
    {
      id: "create-merchant",
      title: "Create a merchant",
      description:
        "A merchant is who receives payments. The Idempotency-Key makes a retry safe: the same key returns the first result instead of a duplicate.",
      code: [
        `curl -sS -X POST ${baseUrl}/v1/merchants \\`,
        `  ${auth} \\`,
        `  -H "Idempotency-Key: merchant-$(date +%s)" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '{"merchantName": "Acme Coffee", "merchantEmail": "billing@acme.example"}'`,
      ].join("\n"),
      then: "Keep the merchant's id from the response: export MERCHANT_ID=mrch_…",
    },
    {
      id: "register-settlement",
      title: "Register a USDC settlement",
      description: `Where the merchant is paid: USDC on Base (${baseUsdc.id}) to a wallet on the same chain.${mode === "live" ? " Put your own wallet address in the destination." : " In test mode no funds move, so the example wallet is fine."}`,
      code: [
        `curl -sS -X POST ${baseUrl}/v1/merchants/$MERCHANT_ID/settlements/crypto \\`,
        `  ${auth} \\`,
        `  -H "Idempotency-Key: settlement-$(date +%s)" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '{"settlements": [{"asset": "${baseUsdc.id}", "destination": "eip155:8453:${wallet}"}]}'`,
      ].join("\n"),
    },
    {
      id: "create-payment",
      title: "Create a payment",
      description:
        'Amounts in fiat count minor units: "1050" is $10.50. Send the buyer to the gatewayUrl in the response; never build it by hand.',
      code: [
        `curl -sS -X POST ${baseUrl}/v1/payments \\`,
        `  ${auth} \\`,
        `  -H "Merchant-Id: $MERCHANT_ID" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '{"referenceId": "order-1001", "amount": {"unit": "iso4217/USD", "value": "1050"}}'`,
      ].join("\n"),
      then: "Keep the payment's id: export PAYMENT_ID=pay_…",
    },
    {
      id: "poll-status",
      title: "Poll the payment's status",
      description:
        "Repeat until isFinal is true, waiting about pollInMs between calls. maxPollMs holds the request open (up to 30 s) and answers as soon as the status changes.",
      code: [
        `curl -sS "${baseUrl}/v1/payments/$PAYMENT_ID/status?maxPollMs=10000" \\`,
        `  ${auth} \\`,
        `  -H "Merchant-Id: $MERCHANT_ID"`,
      ].join("\n"),
    },
  ];
  if (mode === "test") {
    steps.push({
      id: "simulate",
      title: "Simulate the buyer (test mode only)",
      description:
        "Make the test payment succeed (or fail, be cancelled, expire) without a wallet, then poll again to see the final status and its synthetic txId.",
      code: [
        `curl -sS -X POST ${baseUrl}/v1/test/payments/$PAYMENT_ID/simulate \\`,
        `  ${auth} \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '{"outcome": "succeeded"}'`,
      ].join("\n"),
    });
  }
  return steps;
}

import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { NoAccess } from "@/components/dashboard/no-access";
import { DateTime } from "@/components/payments/date-time";
import { PaymentList } from "@/components/payments/payment-list";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle, SectionCard } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { networkName } from "@/lib/core/money/assets";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { explainTransaction, type TransactionExplanation } from "@/lib/domain/payments/explain-transaction";
import { formatAssetAmount } from "@/lib/core/money/format-amount";
import { paymentsByPayer } from "@/lib/domain/payments/payments-by-payer";

export const metadata: Metadata = { title: "Find a transaction" };

// An EVM transaction hash, or a Solana signature (64 bytes in base58: 64 to 88 characters, case kept).
const HASH = /^0x[0-9a-fA-F]{64}$|^[1-9A-HJ-NP-Za-km-z]{64,88}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Support's "why didn't this transaction match?": a hash or a payer's wallet, explained. */
export default async function LookupPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params, "payments.read");
  if (!allowed) return <NoAccess role={viewer.role} />;
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const kind = HASH.test(q) ? "hash" : ADDRESS.test(q) ? "address" : q ? "invalid" : null;

  return (
    <div className="space-y-6">
      <Link href={`/${mode}/payments`} className="text-sm text-muted-foreground hover:text-foreground">
        ← Payments
      </Link>
      <PageHeader
        title="Find a transaction"
        description="Paste a transaction hash or Solana signature to see which payment it paid, or exactly why it paid none; or a payer's wallet address to see every payment it made."
      />
      <Form
        action={`/${mode}/payments/lookup`}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        role="search"
        aria-label="Find a transaction"
      >
        <div className="flex-1 space-y-1">
          <Label htmlFor="lookup-q">Transaction hash or wallet address</Label>
          <Input
            id="lookup-q"
            name="q"
            defaultValue={q}
            spellCheck={false}
            autoComplete="off"
            className="font-mono"
            placeholder="0x…"
            aria-invalid={kind === "invalid"}
            aria-describedby={kind === "invalid" ? "lookup-q-error" : undefined}
          />
        </div>
        <Button type="submit">Look up</Button>
      </Form>
      {kind === "invalid" ? (
        <p id="lookup-q-error" role="alert" className="text-sm text-destructive">
          Enter a transaction hash (0x and 64 hexadecimal characters), a Solana signature, or a wallet address
          (0x and 40).
        </p>
      ) : null}
      {kind === "hash" && mode === "test" ? (
        <p className="text-sm text-muted-foreground">
          Test-mode payments are simulated and have no transactions on a chain; switch to live mode to look
          one up.
        </p>
      ) : null}
      {kind === "hash" && mode === "live" ? (
        <Explanation mode={mode} result={await explainTransaction(scope, q)} />
      ) : null}
      {kind === "address" ? (
        <ByPayer mode={mode} payments={await paymentsByPayer(scope, q)} address={q} />
      ) : null}
    </div>
  );
}

function Explanation({ mode, result }: { mode: string; result: TransactionExplanation }) {
  if (result.kind === "not_found")
    return (
      <Verdict title="Not found">
        No transaction with this hash on{" "}
        {result.chains.map(networkName).join(", ") || "any configured network"}. Check the hash and the
        network the buyer used.
      </Verdict>
    );
  if (result.kind === "no_transfer")
    return <Verdict title={`Found on ${networkName(result.chainId)}`}>{result.reason}</Verdict>;
  return (
    <div className="space-y-4">
      {result.transfers.map((t, i) => (
        <Card key={i} data-testid="lookup-transfer">
          <CardHeader>
            <CardTitle>
              <span className="break-all">{formatAssetAmount(t.asset, t.value)}</span> on{" "}
              {networkName(t.chainId)}
            </CardTitle>
            <p className="break-all text-sm text-muted-foreground">
              from {t.from} to {t.to} · <DateTime value={new Date(result.blockTime)} />
            </p>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {t.paidPaymentId ? (
              <p data-testid="lookup-verdict">
                Paid{" "}
                <Link className="text-primary hover:underline" href={`/${mode}/payments/${t.paidPaymentId}`}>
                  {t.paidPaymentId}
                </Link>
                .
              </p>
            ) : (
              <ul className="space-y-1" data-testid="lookup-verdict">
                {t.reasons.map((r, j) => (
                  <li key={j}>
                    {r.paymentId ? (
                      <Link
                        className="mr-1 font-mono text-xs text-primary hover:underline"
                        href={`/${mode}/payments/${r.paymentId}`}
                      >
                        {r.paymentId}
                      </Link>
                    ) : null}
                    {r.reason}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function ByPayer({
  mode,
  payments,
  address,
}: {
  mode: string;
  payments: Awaited<ReturnType<typeof paymentsByPayer>>;
  address: string;
}) {
  if (payments.length === 0)
    return <Verdict title="No payments">No payment of this account was paid from {address}.</Verdict>;
  return (
    <SectionCard title="Payments from this wallet">
      <PaymentList
        mode={mode}
        payments={payments}
        context={(p) => p.merchant.name}
        rowTestId="lookup-payment"
      />
    </SectionCard>
  );
}

function Verdict({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <SectionCard data-testid="lookup-verdict" title={title} contentClassName="text-sm">
      {children}
    </SectionCard>
  );
}

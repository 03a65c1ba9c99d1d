import { EmptyState } from "@/components/ui/empty-state";
import { SectionHeading } from "@/components/ui/section-heading";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import { sponsoredGasSummary } from "@/lib/domain/gateway/sponsored-gas";
import type { Scope } from "@/lib/core/tenancy/scope";

const gas = (value: string) => BigInt(value).toLocaleString("en-US");

/** The gas the relayer paid for this account's gasless payments, per chain, and today's use of its daily budget. */
export async function SponsoredGas({ scope }: { scope: Scope }) {
  const chains = await sponsoredGasSummary(scope);
  return (
    <section aria-labelledby="sponsored-gas-heading" className="space-y-4">
      <SectionHeading id="sponsored-gas-heading" title="Sponsored gas">
        What the relayer paid in gas for your gasless payments. Each account may use a daily budget of
        sponsored gas per chain (the day starts at 00:00 UTC); past it, buyers pay by sending the transfer
        themselves.
      </SectionHeading>
      {chains.length === 0 ? (
        <EmptyState
          title="No sponsored gas"
          description="No relayer is configured, so no gas is sponsored."
        />
      ) : (
        <>
          {chains
            .filter((c) => c.budgetReached)
            .map((c) => (
              <p
                key={c.chainId}
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
              >
                Today&apos;s sponsored gas on {c.chainName} is used up ({gas(c.todayGas)} of{" "}
                {gas(c.budgetGas)} gas). Until 00:00 UTC buyers are offered the transfer they send themselves
                instead of a gasless payment.
              </p>
            ))}
          <Table columns={["Chain", "Today", { label: "Relays", hideBelow: "md" }, "Spent"]}>
            <TBody>
              {chains.map((c) => (
                <Tr key={c.chainId} data-testid={`sponsored-gas-${c.chainId}`}>
                  <Td>{c.chainName}</Td>
                  <Td className="font-mono text-xs">
                    {gas(c.todayGas)} <span className="whitespace-nowrap">of {gas(c.budgetGas)}</span>
                  </Td>
                  <Td className="hidden md:table-cell">{c.relays}</Td>
                  <Td className="font-mono text-xs">
                    <div className="whitespace-nowrap">{gas(c.gasUsed)} gas</div>
                    <div className="break-all">{c.costEth} ETH</div>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </>
      )}
    </section>
  );
}

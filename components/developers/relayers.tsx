import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import { SectionHeading } from "@/components/ui/section-heading";
import { listRelayers } from "@/lib/domain/gateway/relayer-status";

/** The accounts that submit gasless payments and pay their gas, with a warning when one runs low. */
export async function Relayers() {
  const relayers = await listRelayers();
  return (
    <section aria-labelledby="relayers-heading" className="space-y-4">
      <SectionHeading id="relayers-heading" title="Gasless relayers">
        Buyers paying USDC (or another EIP-3009 token) sign an authorization that moves the funds straight to
        your destination; the relayer submits it and pays only the gas. It never holds payment funds. Set one
        per chain with <code className="font-mono">RELAYER_KEY_EIP155_&lt;chain id&gt;</code>. On Solana the
        fee payer (<code className="font-mono">RELAYER_KEY_SOLANA_&lt;reference&gt;</code>) pays each
        payment&apos;s fee and the rent of a token account it creates, in SOL.
      </SectionHeading>
      {relayers.length === 0 ? (
        <EmptyState
          title="No relayer configured"
          description="Live buyers send the transfer themselves and pay their own gas until a relayer key is set for a chain."
        />
      ) : (
        <Table columns={["Chain", "Relayer address", "Balance"]}>
          <TBody>
            {relayers.map((r) => (
              <Tr key={r.chainId} data-testid={`relayer-${r.chainId}`}>
                <Td>{r.chainName}</Td>
                <Td>
                  <div className="flex flex-wrap items-center gap-2">
                    <code className="break-all font-mono text-xs">{r.address}</code>
                    <CopyButton value={r.address} label="Copy address" />
                  </div>
                </Td>
                <Td>
                  {r.balance === null ? (
                    <Badge tone="danger">{r.error}</Badge>
                  ) : (
                    <div className="space-y-1">
                      <span className="font-mono text-xs">
                        {r.balance} {r.unit}
                      </span>
                      {r.low && r.unit === "SOL" ? (
                        <p role="alert" className="text-xs text-destructive">
                          Low: less SOL than 20 payments&apos; fees and token-account rent. Send SOL to the
                          fee payer, or gasless Solana payments will fail (buyers can still pay the
                          checkout&apos;s Solana Pay request with their own SOL).
                        </p>
                      ) : r.low ? (
                        <p role="alert" className="text-xs text-destructive">
                          Low: fewer than 20 payments&apos; gas left. Top it up, or gasless payments will fail
                          (buyers can still pay by sending the transfer themselves).
                        </p>
                      ) : null}
                    </div>
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
}

import "server-only";
import { configuredChains } from "@/lib/core/chain/chains";
import { sweepDeposits } from "@/lib/domain/deposits/sweep-deposits";

/**
 * One round of deposit-address sweeps on every chain (lib/domain/deposits/sweep-deposits.ts): up to
 * `batch` addresses per chain in one transaction. One chain's node being down does not stop the
 * others. Answers whether a chain had more waiting.
 */
export async function sweepDepositAddresses(batch: number): Promise<boolean> {
  const failures: string[] = [];
  let more = false;
  for (const chain of configuredChains())
    await sweepDeposits(chain, batch).then(
      (left) => (more ||= left),
      (error: unknown) =>
        failures.push(`${chain.name}: ${error instanceof Error ? error.message : String(error)}`),
    );
  if (failures.length) throw new Error(`could not sweep deposit addresses on ${failures.join("; ")}`);
  return more;
}

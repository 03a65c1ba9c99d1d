import "server-only";
import type { Chain } from "@/lib/core/chain/chains";
import { env } from "@/lib/core/config/env";
import { db } from "@/lib/core/db";
import { relayerUnavailable } from "@/lib/core/errors/chain-errors";

// A relayer's lease on its chain (RelayerLock): one instance at a time sends for one relayer,
// renewing the lease every `renewMs` while it lives; a dead instance's lease runs out in seconds.
const leaseMs = 5_000;
export const renewMs = Math.min(1_000, Math.floor(env.RELAYER_STALE_CLAIM_MS / 3));

/**
 * Runs `send` holding the relayer's lease on its chain (EVM or Solana: only the chain's id is used),
 * so that no two instances relay for one relayer at once.
 */
export async function withLease<T>(
  chain: Pick<Chain, "id">,
  address: string,
  send: () => Promise<T>,
): Promise<T> {
  const key = { chainId: chain.id, address };
  // Not an upsert: Prisma's reads and then inserts, so two instances' first relays both inserted.
  await db().relayerLock.createMany({ data: [key], skipDuplicates: true });
  const deadline = Date.now() + 15_000;
  let held: Date;
  for (;;) {
    const now = new Date();
    held = new Date(now.getTime() + leaseMs);
    const { count } = await db().relayerLock.updateMany({
      where: { ...key, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
      data: { lockedUntil: held },
    });
    if (count === 1) break;
    if (Date.now() > deadline) throw relayerUnavailable("The relayer is busy on this chain.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Renewed while this instance lives (the lease value is its token): a dead one's runs out in seconds.
  const renew = setInterval(() => {
    const next = new Date(Date.now() + leaseMs);
    void db()
      .relayerLock.updateMany({ where: { ...key, lockedUntil: held }, data: { lockedUntil: next } })
      .then(
        ({ count }) => count && (held = next),
        () => {},
      );
  }, renewMs);
  try {
    return await send();
  } finally {
    clearInterval(renew);
    releaseLease(key, held);
  }
}

function releaseLease(key: { chainId: string; address: string }, held: Date): void {
  db()
    .relayerLock.updateMany({ where: { ...key, lockedUntil: held }, data: { lockedUntil: null } })
    .catch(() => {
      if (Date.now() + 1_000 < held.getTime()) setTimeout(() => releaseLease(key, held), 1_000).unref();
    });
}

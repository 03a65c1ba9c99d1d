import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { LocalChain, localCaip2, startLocalChain } from "@/e2e/support/chain";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { transactionSubmittedEvent } from "@/lib/domain/payments/attribution";
import { recordPaymentEvent } from "@/lib/domain/payments/record-event";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import type { Chain } from "@/lib/core/chain/chains";
import { watchTransfers } from "./watch-transfers";

// One payment whose check fails must not stop the watcher's pass: the other transfers of the same
// blocks are still found (against a Hardhat node of this file's own).
withTestDatabase();

let node: { kill: () => unknown };
let local: LocalChain;
let chain: Chain;

// The payment check reads the chain's RPC from the environment, parsed when the modules load.
const port = vi.hoisted(() => {
  const chosen = 20_000 + (process.pid % 10_000);
  process.env.CHAIN_RPC_EIP155_8453 = `http://127.0.0.1:${chosen}`;
  process.env.CHAIN_CONFIRMATIONS_EIP155_8453 = "1";
  return chosen;
});

beforeAll(async () => {
  node = await startLocalChain(port);
  local = new LocalChain(`http://127.0.0.1:${port}`);
  chain = {
    id: localCaip2,
    numericId: local.chain.id,
    name: "Local Hardhat",
    rpcUrl: local.rpcUrl,
    confirmations: 1,
    explorerUrl: null,
  };
}, 90_000);

afterAll(() => node?.kill());

async function openPayment(asset: string, value: bigint) {
  const scope = await createTestAccount("live");
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Shop", email: "shop@example.com" },
  });
  await db().cryptoSettlement.create({
    data: {
      id: newId("crypto"),
      ...scope,
      merchantId: merchant.id,
      asset,
      destination: `${localCaip2}:${wallet}`,
    },
  });
  const payment = await db().payment.create({
    data: {
      id: newId("pay"),
      ...scope,
      merchantId: merchant.id,
      referenceId: "order",
      amountUnit: `caip19/${asset}`,
      amountValue: value.toString(),
      expiresAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(Date.now() - 60_000),
      optionAsset: asset,
      optionDestination: `${localCaip2}:${wallet}`,
      optionValue: value.toString(),
    },
  });
  return { id: payment.id, wallet };
}

async function returnedHash(paymentId: string, txHash: string) {
  const payment = await db().payment.findUniqueOrThrow({ where: { id: paymentId } });
  await recordPaymentEvent(db(), payment, {
    type: transactionSubmittedEvent,
    actor: "buyer",
    data: { txHash },
  });
}

it(
  "logs and skips a transfer whose payment cannot be checked, and goes on with the rest of the pass",
  { timeout: 90_000 },
  async () => {
    const token = await local.deployToken("CONT", 6);
    const asset = `${localCaip2}/erc20:${token}`;
    const broken = await openPayment(asset, 1_000_000n);
    const fine = await openPayment(asset, 2_000_000n);
    // The database refuses to record the broken payment's transfer, as it would on a bad row.
    await db().$executeRawUnsafe(
      `CREATE FUNCTION refuse_broken() RETURNS trigger AS $$ BEGIN IF NEW."paymentId" = '${broken.id}' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
    await db().$executeRawUnsafe(
      `CREATE TRIGGER refuse_broken BEFORE INSERT ON "ChainTransfer" FOR EACH ROW EXECUTE FUNCTION refuse_broken()`,
    );

    const start = await local.height();
    // Each buyer's wallet returned its transaction's hash for its payment: what attributes a transfer.
    await returnedHash(broken.id, await local.transferToken(token, broken.wallet, 1_000_000n));
    await returnedHash(fine.id, await local.transferToken(token, fine.wallet, 2_000_000n));
    await local.mine(2);

    const state = { cursor: start };
    expect(await watchTransfers(chain, state)).toBe(1);
    expect((await db().payment.findUniqueOrThrow({ where: { id: fine.id } })).status).not.toBe(
      "requires_action",
    );
    expect((await db().payment.findUniqueOrThrow({ where: { id: broken.id } })).status).toBe(
      "requires_action",
    );
    expect(state.cursor).toBeGreaterThan(start);
  },
);

import http from "node:http";
import type { AddressInfo } from "node:net";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalChain, localCaip2, startLocalChain } from "@/e2e/support/chain";
import { db } from "@/lib/core/db";
import { newId } from "@/lib/core/ids/ids";
import { createTestAccount, withTestDatabase } from "@/lib/core/testing/test-database";
import { listUnmatchedTransfers } from "@/lib/domain/unmatched-transfers/list-unmatched-transfers";
import { recordUnmatchedTransfer } from "@/lib/domain/unmatched-transfers/record-unmatched-transfer";
import type { Chain } from "@/lib/core/chain/chains";
import { nativeLogIndex } from "@/lib/core/chain/verify-transfer";
import { watchTransfers } from "./watch-transfers";

// The watcher against a real Hardhat node of this file's own (it moves the chain's clock and
// reorganises blocks away), reached through a proxy that counts the JSON-RPC calls it makes.
withTestDatabase();

const native = `${localCaip2}/slip44:60`;
const calls = new Map<string, number>();
let node: { kill: () => unknown };
let proxy: http.Server;
let local: LocalChain;
let chain: Chain;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  const nodePort = await freePort();
  node = await startLocalChain(nodePort);
  const upstream = `http://127.0.0.1:${nodePort}`;
  proxy = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const parsed = JSON.parse(body) as { method: string } | { method: string }[];
    for (const { method } of Array.isArray(parsed) ? parsed : [parsed])
      calls.set(method, (calls.get(method) ?? 0) + 1);
    const answer = await fetch(upstream, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  local = new LocalChain(upstream);
  chain = {
    id: localCaip2,
    numericId: local.chain.id,
    name: "Local Hardhat",
    rpcUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    confirmations: 1,
    explorerUrl: null,
  };
}, 90_000);

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  node?.kill();
});

const rpc = async (method: string, params: unknown[] = []) => {
  const res = await fetch(local.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
};

/** One watcher pass from just after `cursor`; answers the RPC calls it made, by method. */
async function pass(cursor: bigint): Promise<Record<string, number>> {
  calls.clear();
  await watchTransfers(chain, { cursor });
  return Object.fromEntries(calls);
}

/** A live merchant whose only settlement is the native coin, paid to a wallet of its own. */
async function nativeMerchant() {
  const scope = await createTestAccount("live");
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  const merchant = await db().merchant.create({
    data: { id: newId("mrch"), ...scope, name: "Coin shop", email: "coin@example.com" },
  });
  await db().cryptoSettlement.create({
    data: {
      id: newId("crypto"),
      ...scope,
      merchantId: merchant.id,
      asset: native,
      destination: `${localCaip2}:${wallet}`,
    },
  });
  return { scope, merchant, wallet };
}

describe("native-coin settlement", () => {
  it("reads no block while no native-coin payment is open, and only the blocks since the open one was made", async () => {
    const { scope, merchant, wallet } = await nativeMerchant();
    const start = await local.public.getBlockNumber();
    await local.mine(30);

    // A settlement wallet alone: no block is read, however many were mined.
    expect(await pass(start)).toEqual({ eth_blockNumber: 1 });

    // An hour on, a buyer opens a payment: only the blocks mined since then (and the one before, to
    // know where to stop) are read, not the 40 since the cursor.
    await rpc("evm_increaseTime", [3600]);
    await local.mine(1);
    const opened = await local.public.getBlock();
    const payment = await db().payment.create({
      data: {
        id: newId("pay"),
        ...scope,
        merchantId: merchant.id,
        referenceId: "coin-1",
        amountUnit: "iso4217/USD",
        amountValue: "1000",
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date(Number(opened.timestamp) * 1000),
        optionAsset: native,
        optionDestination: `${localCaip2}:${wallet}`,
        optionValue: "1000000000000000",
      },
    });
    await local.mine(9);
    const read = await pass(start);
    console.log("RPC calls of one pass with a native payment open, 40 blocks behind:", read);
    expect(read).toEqual({ eth_blockNumber: 1, eth_getBlockByNumber: 11 });

    // Once it is no longer open, the blocks are left alone again.
    await db().payment.update({ where: { id: payment.id }, data: { status: "expired" } });
    await local.mine(5);
    expect(await pass(start)).toEqual({ eth_blockNumber: 1 });
  });
});

describe("the unmatched transfers inbox", () => {
  it("loses a transfer reorganised out of the chain, and keeps one still on it", async () => {
    const { scope, wallet } = await nativeMerchant();
    const file = async (txHash: `0x${string}`) => {
      const receipt = await local.public.getTransactionReceipt({ hash: txHash });
      await recordUnmatchedTransfer(
        chain,
        {
          asset: native,
          from: receipt.from,
          to: wallet,
          value: 1_000n,
          txHash,
          logIndex: nativeLogIndex,
          blockNumber: receipt.blockNumber,
        },
        [scope.accountId],
      );
    };
    const kept = await local.sendEth(wallet, 1_000n, 1);
    await local.mine(3);
    await file(kept);
    const before = (await rpc("evm_snapshot")) as string;
    const gone = await local.sendEth(wallet, 1_000n, 2);
    await local.mine(3);
    await file(gone);
    expect((await listUnmatchedTransfers(scope)).map((t) => t.txHash).sort()).toEqual(
      [gone, kept].map((h) => h.toLowerCase()).sort(),
    );

    // The blocks holding `gone` are replaced by others without it, deeper than its confirmations.
    await local.revert(before);
    await local.mine(6);
    await pass(await local.public.getBlockNumber());
    expect((await listUnmatchedTransfers(scope)).map((t) => t.txHash)).toEqual([kept.toLowerCase()]);
    expect(
      await db().unmatchedTransfer.count({
        where: { accountId: scope.accountId, txHash: gone.toLowerCase() },
      }),
    ).toBe(0);
  });
});

import { expect, test } from "../support/api";
import { solanaMerchantPayment } from "../support/solana-payments";
import { localSolanaChainId, solanaRelayer, solanaTestMints } from "../support/solana-settings";
import {
  newSolanaWallet,
  signAltered,
  signInPlaceOf,
  signOffered,
  solBalance,
} from "../support/solana-wallet";
import { runSql } from "../support/test-control";

// Test mode with Solana: the gateway checks the wallet's signature over the offered transaction as
// live mode does, but sends nothing; the failure simulator drives a Solana payment through the same
// outcomes as an EVM one, naming the Solana asset (and, for the wrong token, a Solana mint).

const usdc = `${localSolanaChainId}/token:${solanaTestMints.USDC}`;
const dollars = (value: string) => ({ unit: "iso4217/USD", value });
const submissions = async (paymentId: string) =>
  (await runSql(`UPDATE "RelayerSubmission" SET status = status WHERE "paymentId" = $1`, paymentId)).count;

test.describe("Solana in test mode", () => {
  test("the gateway checks the Solana signature, sends nothing and succeeds with test:<id>", async ({
    api,
  }) => {
    const { paymentId } = await solanaMerchantPayment(api, usdc, dollars("500"));
    const buyer = await newSolanaWallet();
    const relayer = await solanaRelayer();
    const relayerBefore = await solBalance(relayer.address);
    const options = await api.post(`/v1/gateway/payment/${paymentId}/options`, {
      accounts: [`${localSolanaChainId}:${buyer.address}`],
    });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const [option] = options.body.options as {
      id: string;
      actions: { data: { method: string; params: [{ transaction: string }] } }[];
    }[];
    expect(option!.actions[0]!.data.method).toBe("solana_signTransaction");
    const offered = option!.actions[0]!.data.params[0].transaction;
    const confirm = (signed: string) =>
      api.post(`/v1/gateway/payment/${paymentId}/confirm`, {
        optionId: option!.id,
        results: [{ type: "walletRpc", data: [signed] }],
      });

    // Another key's signature, and the buyer's over an altered transaction, are refused as in live mode.
    const impostor = await newSolanaWallet();
    for (const signed of [
      await signInPlaceOf(impostor, buyer.address, offered),
      await signAltered(buyer, offered, 1),
    ]) {
      const refused = await confirm(signed);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.code).toBe("invalid_params");
    }
    expect((await api.get(`/v1/payments/${paymentId}`)).body.status).toBe("requires_action");

    const confirmed = await confirm(await signOffered(buyer, offered));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "succeeded", info: { txId: `test:${paymentId}` } });
    // Nothing was sent: no relay was queued and the fee payer spent nothing.
    expect(await submissions(paymentId)).toBe(0);
    expect(await solBalance(relayer.address)).toBe(relayerBefore);
    expect((await api.get(`/v1/payments/${paymentId}`)).body).toMatchObject({
      status: "succeeded",
      info: { txId: `test:${paymentId}`, optionAmount: { unit: `caip19/${usdc}`, value: "5000000" } },
    });
  });

  test("the simulator's outcomes apply to a Solana payment: its asset in the exceptions, a Solana mint as the wrong token", async ({
    api,
  }) => {
    const quote = "5000000"; // $5 in USDC's 6 decimals
    const cases = [
      { outcome: "succeeded", status: "succeeded", exception: null },
      {
        outcome: "underpaid",
        status: "requires_action",
        exception: { type: "underpaid", asset: usdc, expected: quote, received: "2500000" },
      },
      {
        outcome: "overpaid",
        status: "succeeded",
        exception: { type: "overpaid", asset: usdc, expected: quote, received: "10000000" },
      },
      {
        outcome: "paid_late",
        status: "expired",
        exception: { type: "paid_late", asset: usdc, expected: quote, received: quote },
      },
      { outcome: "reorged", status: "failed", exception: null },
    ] as const;
    for (const { outcome, status, exception } of cases) {
      const { paymentId } = await solanaMerchantPayment(api, usdc, dollars("500"));
      const simulated = await api.post(`/v1/test/payments/${paymentId}/simulate`, { outcome });
      expect(simulated.status, `${outcome}: ${JSON.stringify(simulated.body)}`).toBe(200);
      const payment = (await api.get(`/v1/payments/${paymentId}`)).body;
      expect(payment.status, outcome).toBe(status);
      if (exception)
        expect(payment.exception, outcome).toMatchObject({ ...exception, txId: `test:${paymentId}` });
      else expect(payment.exception, outcome).toBeNull();
      if (outcome === "succeeded")
        expect(payment.info).toMatchObject({
          txId: `test:${paymentId}`,
          optionAmount: { unit: `caip19/${usdc}` },
        });
    }

    const { paymentId } = await solanaMerchantPayment(api, usdc, dollars("500"));
    const wrong = await api.post(`/v1/test/payments/${paymentId}/simulate`, { outcome: "wrong_asset" });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(200);
    const exception = (await api.get(`/v1/payments/${paymentId}`)).body.exception;
    expect(exception).toMatchObject({ type: "wrong_asset", expected: null, received: quote });
    expect(exception.asset).toMatch(new RegExp(`^${localSolanaChainId}/token:[1-9A-HJ-NP-Za-km-z]{32,44}$`));
    expect(exception.asset).not.toBe(usdc);
  });
});

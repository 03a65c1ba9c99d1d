import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { answerError } from "@/lib/platform/api/answer";
import { relayFailure } from "./chain-errors";
import { AppError } from "./errors";

// What callers see when a chain's node or the relayer fails: each its own code and 503 with
// Retry-After, never a 500 internal_error, and never the node's whole answer.

const nowhere = "http://127.0.0.1:9";
const unreachable = () =>
  createPublicClient({ transport: http(nowhere, { retryCount: 0 }) })
    .getBlockNumber()
    .catch((e: unknown) => e);

describe("chain and relayer failures", () => {
  it("a node that does not answer is 503 chain_unavailable with Retry-After, whichever path threw it", async () => {
    const error = await unreachable();
    const { answer, errorBody } = answerError(error, "req_1");
    expect(answer.status).toBe(503);
    expect(answer.headers["Retry-After"]).toBe("10");
    expect(errorBody).toEqual({
      code: "chain_unavailable",
      message: "The chain's RPC node did not answer. Retry shortly.",
      details: { retryAfterSeconds: 10, requestId: "req_1" },
    });
    expect(relayFailure(error).code).toBe("chain_unavailable");
  });

  it("a relayer without gas is 503 relayer_out_of_funds, and an unknown node refusal 503 relayer_unavailable, with only their own words", () => {
    const outOfFunds = relayFailure(
      new Error(
        'insufficient funds for gas * price + value: address 0xabc have 0 want 123\n\nRequest body: {"method":"eth_sendRawTransaction"}',
      ),
    );
    expect(outOfFunds).toBeInstanceOf(AppError);
    expect({
      code: outOfFunds.code,
      status: outOfFunds.status,
      retry: outOfFunds.details?.retryAfterSeconds,
    }).toEqual({ code: "relayer_out_of_funds", status: 503, retry: 300 });
    const strange = relayFailure(
      new Error("execution reverted for a reason nobody expected\nRequest body: {secret stuff}"),
    );
    expect({ code: strange.code, status: strange.status }).toEqual({
      code: "relayer_unavailable",
      status: 503,
    });
    expect(strange.message).not.toContain("Request body");
    const { answer } = answerError(outOfFunds, "req_2");
    expect(answer.headers["Retry-After"]).toBe("300");
  });

  it("on the Gateway the code is WalletConnect Pay's nearest, with the same status and Retry-After, and Tollgate's code in details.code", async () => {
    const { answer, errorBody } = answerError(
      relayFailure(new Error("insufficient funds for gas")),
      "req_3",
      undefined,
      "walletconnect",
    );
    expect({ status: answer.status, retryAfter: answer.headers["Retry-After"] }).toEqual({
      status: 503,
      retryAfter: "300",
    });
    expect(errorBody).toMatchObject({
      code: "internal_error",
      details: { code: "relayer_out_of_funds", retryAfterSeconds: 300 },
    });
    const down = answerError(await unreachable(), "req_4", undefined, "walletconnect");
    expect({
      status: down.answer.status,
      code: down.errorBody.code,
      details: down.errorBody.details,
    }).toEqual({
      status: 503,
      code: "internal_error",
      details: { code: "chain_unavailable", retryAfterSeconds: 10, requestId: "req_4" },
    });
    const refused = answerError(
      new AppError("gas_sponsorship_refused", "no", { reason: "self_payment" }),
      "req_5",
      undefined,
      "walletconnect",
    );
    expect({ status: refused.answer.status, body: refused.errorBody }).toEqual({
      status: 400,
      body: {
        code: "invalid_state",
        message: "no",
        details: { reason: "self_payment", code: "gas_sponsorship_refused" },
      },
    });
  });

  it("a wallet client's send to a node that is down maps the same way", async () => {
    const wallet = createWalletClient({
      account: privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"),
      transport: http(nowhere, { retryCount: 0 }),
    });
    const error = await wallet
      .sendTransaction({
        to: "0x0000000000000000000000000000000000000001",
        chain: null,
        gas: 21_000n,
        gasPrice: 1n,
        nonce: 0,
      })
      .catch((e: unknown) => e);
    expect(relayFailure(error).code).toBe("chain_unavailable");
  });
});

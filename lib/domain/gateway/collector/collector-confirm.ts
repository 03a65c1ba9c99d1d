import "server-only";
import {
  decodeFunctionData,
  erc20Abi,
  isAddressEqual,
  isHex,
  recoverTypedDataAddress,
  type Address,
  type Hex,
} from "viem";
import { chainIdOf, getChain } from "@/lib/core/chain/chains";
import { chainClient } from "@/lib/core/chain/client";
import type { PaymentAttempt } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { collectorActionCount } from "./collector-actions";
import {
  collectorAddress,
  collectorDomain,
  optionPayment,
  optionPermit,
  paymentTypes,
  permitDomain,
  permitTypes,
  readPlan,
} from "./collector";

// How long a confirm waits for the wallet's approval transactions to be mined (wallets send them
// and wait for their receipts before signing, so this is rarely waited at all).
const approvalWaitMs = 30_000;

const refuse = (message: string) => new AppError("invalid_params", message, { fields: { results: message } });

/**
 * Refuses (invalid_params) what does not pay a collector option: one result per action, each
 * approval a mined, successful `approve` of the collector by the payer on the token, the permit and
 * the payment signed by the payer over exactly what the option showed.
 */
export async function checkCollectorResults(option: PaymentAttempt, results: string[], payer: Address) {
  const expected = collectorActionCount(option);
  if (results.length !== expected)
    throw refuse(`This option has ${expected} actions; confirm with one result for each, in their order.`);
  const chainId = chainIdOf(option.asset);
  const chain = getChain(chainId);
  const collector = collectorAddress(chainId);
  if (!chain || !collector)
    throw new AppError(
      "invalid_state",
      "This option can no longer be paid without gas; ask for options again.",
    );
  const plan = readPlan(option);
  const payment = optionPayment(option);
  const signatures = results.slice(plan.kind === "approve" ? expected - 1 : 0);
  for (const hash of plan.kind === "approve" ? results.slice(0, expected - 1) : []) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) throw refuse("An approval's result must be its transaction hash.");
    const client = chainClient(chain);
    const receipt = await client
      .waitForTransactionReceipt({ hash: hash as Hex, timeout: approvalWaitMs, pollingInterval: 250 })
      .catch(() => null);
    const tx = receipt && (await client.getTransaction({ hash: hash as Hex }));
    const call = tx?.input ? safeDecode(tx.input) : null;
    if (
      !receipt ||
      receipt.status !== "success" ||
      !tx?.to ||
      !isAddressEqual(tx.to, payment.token) ||
      !isAddressEqual(tx.from, payer) ||
      call?.functionName !== "approve" ||
      !isAddressEqual(call.args[0], collector)
    )
      throw refuse(`The approval ${hash} is not a mined, successful approve of the collector by ${payer}.`);
  }
  for (const signature of signatures)
    if (!isHex(signature) || (signature.length !== 132 && signature.length !== 130))
      throw refuse("The result of eth_signTypedData_v4 must be a 65-byte signature.");
  if (plan.kind === "permit") {
    const domain = await permitDomain(chain, payment.token);
    const signer =
      domain &&
      (await recoverTypedDataAddress({
        domain,
        types: permitTypes,
        primaryType: "Permit",
        message: optionPermit(option, plan),
        signature: signatures[0] as Hex,
      }).catch(() => null));
    if (!signer || !isAddressEqual(signer, payer))
      throw refuse(`The permit is not ${payer}'s over the allowance this option asked for.`);
  }
  const signer = await recoverTypedDataAddress({
    domain: collectorDomain(chainId),
    types: paymentTypes,
    primaryType: "Payment",
    message: payment,
    signature: signatures.at(-1) as Hex,
  }).catch(() => null);
  if (!signer || !isAddressEqual(signer, payer))
    throw refuse(
      `The signature is not ${payer}'s over this option's payment (payment id, token, amount, destination, nonce and deadline as offered).`,
    );
}

function safeDecode(input: Hex) {
  try {
    return decodeFunctionData({ abi: erc20Abi, data: input });
  } catch {
    return null;
  }
}

import {
  WalletConnectPay,
  type Action,
  type ConfirmPaymentResponse,
  type PaymentOptionsResponse,
} from "@walletconnect/pay";
import { baseURL } from "./settings";

// WalletConnect Pay's own wallet SDK (npm `@walletconnect/pay`, unmodified), pointed at a Tollgate.
// In Node it runs its WebAssembly build (`WalletConnectPay.isAvailable()` is true in Node 20) and
// makes plain fetch calls to `${baseUrl}/v1/gateway/payment/{id}/…`, each with `Api-Key` or
// `App-Id` + `Client-Id`, and `Wcp-Version`, `Api-Version` (both "2026-02-19.preview"),
// `Sdk-Name: js-walletconnect-pay`, `Sdk-Version`, `Sdk-Platform: node`:
//   getPaymentOptions({paymentLink, accounts, includePaymentInfo?})
//     → POST …/options?includePaymentInfo=<bool>  body {accounts}
//   getRequiredPaymentActions({paymentId, optionId})
//     → POST …/fetch  body {optionId, data: ""}  (the option's actions, when options carried none)
//   confirmPayment({paymentId, optionId, signatures?, data?, collectedData?})
//     → POST …/confirm  body {optionId, results: [{type: "walletRpc", data: signatures}]}  (all in ONE entry)
// A link that is not `https://pay.walletconnect.com/pay_…` (or `?pid=`) is sent whole as the id,
// percent-encoded twice; Tollgate's gatewayUrl arrives that way. Errors surface as PayError with
// `code` "UNKNOWN" and a message "<text>: <status>: <server message>".

export type WalletConnectPayAuth = { apiKey: string } | { appId: string; clientId: string };

export type WalletConnectPayClient = InstanceType<typeof WalletConnectPay>;

/** A WalletConnect Pay client talking to the Tollgate under test (or another base URL). */
export function walletConnectPayClient(
  auth: WalletConnectPayAuth,
  baseUrl: string = baseURL,
): WalletConnectPayClient {
  return new WalletConnectPay({ ...auth, baseUrl, logger: "silent" });
}

type PaymentOption = PaymentOptionsResponse["options"][number];

/**
 * Signs every action of one option with `sign` (e.g. a viem account's signTypedData) and confirms
 * them: the first option, or the one `choose` picks (as a buyer picks one in the wallet).
 */
export async function payWithWalletConnectSdk(
  client: WalletConnectPayClient,
  paymentLink: string,
  accounts: string[],
  sign: (action: Action) => Promise<string>,
  choose: (options: PaymentOption[]) => PaymentOption | undefined = (options) => options[0],
): Promise<{ options: PaymentOptionsResponse; result: ConfirmPaymentResponse }> {
  const options = await client.getPaymentOptions({ paymentLink, accounts, includePaymentInfo: true });
  const option = choose(options.options);
  if (!option) throw new Error(`No payment option for ${accounts.join(", ")}`);
  const actions =
    option.actions.length > 0
      ? option.actions
      : await client.getRequiredPaymentActions({ paymentId: options.paymentId, optionId: option.id });
  const signatures = [];
  for (const action of actions) signatures.push(await sign(action));
  const result = await client.confirmPayment({
    paymentId: options.paymentId,
    optionId: option.id,
    signatures,
  });
  return { options, result };
}

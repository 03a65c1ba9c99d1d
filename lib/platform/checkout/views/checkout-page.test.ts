import { describe, expect, it } from "vitest";
import type { Checkout } from "@/lib/platform/checkout/get-checkout";
import { paymentRequest } from "@/lib/platform/checkout/payment-request";
import { renderCheckoutPage } from "./checkout-page";
import { renderOutcome } from "./outcome";

const evil = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;

const checkout = (overrides: Partial<Checkout> = {}): Checkout => ({
  paymentId: "pay_AAAAAAAAAAAAAAAAAAAAAAAA",
  mode: "live",
  merchant: {
    name: evil,
    iconUrl: `https://cdn.example/icon.png?a=1&b="${evil}`,
    accentColor: null,
    supportContact: null,
    email: "shop@example.com",
  },
  referenceId: evil,
  amount: "$10.50",
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  readAt: Date.now(),
  status: {
    status: "requires_action",
    isFinal: false,
    pollInMs: 2000,
    info: null,
    exception: null,
    droppedFrom: null,
  },
  redirects: null,
  receiptUrl: null,
  returnOrigins: [],
  options: [
    {
      settlementId: "crypto_1",
      asset: "eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      assetSymbol: "USDC",
      assetName: "USD Coin",
      networkName: "Base",
      amount: "10.5 USDC",
      solanaPay: null,
      request: {
        uri: "ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x1111111111111111111111111111111111111111&uint256=10500000",
        recipient: "0x1111111111111111111111111111111111111111",
        transaction: {
          chainId: "0x2105",
          to: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          value: "0x0",
          data: "0xa9059cbb",
        },
      },
    },
  ],
  ...overrides,
});

const context = {
  returnUrl: `myapp://orders/1?x="${evil}`,
  nonce: "bm9uY2U=",
  scriptSrc: "/pay/assets/checkout.0123456789abcdef.js",
};

describe("renderCheckoutPage", () => {
  it("escapes the merchant's name and icon, the reference and the return URL everywhere they appear", () => {
    const page = renderCheckoutPage(checkout(), context);
    expect(page).not.toContain("<script>alert");
    expect(page).not.toContain("<img src=x");
    expect(page).not.toMatch(/"\s*onerror=/);
    expect(page).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    // In the JSON data block, `<` is escaped so the block cannot be closed early.
    const data = /<script type="application\/json" id="checkout-data">([^<]*)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(data!)).toMatchObject({ merchantName: evil, returnUrl: context.returnUrl });
  });

  it("marks its style and script with the nonce and loads the script deferred", () => {
    const page = renderCheckoutPage(checkout(), context);
    expect(page).toContain(`<style nonce="bm9uY2U=">`);
    expect(page).toContain(
      `<script defer nonce="bm9uY2U=" src="/pay/assets/checkout.0123456789abcdef.js"></script>`,
    );
  });

  it("shows a test payment's banner and buttons, and a live payment's options with QR code and wallet link", () => {
    const test = renderCheckoutPage(checkout({ mode: "test", options: [] }), context);
    expect(test).toContain("TEST MODE");
    expect(test).toContain(">Simulate success</button>");
    const live = renderCheckoutPage(checkout(), context);
    expect(live).not.toContain("TEST MODE");
    expect(live).toContain('data-testid="payment-qr"');
    expect(live).toContain(
      'href="ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=0x1111111111111111111111111111111111111111&amp;uint256=10500000"',
    );
  });

  it("points an option with a deposit address at it for what is still due, and never names the shared wallet", () => {
    const usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    const depositAddress = "0x850452318a2fb9da97d6898d546B30809BF8caCA";
    const [base] = checkout().options;
    const withDeposit = (received: string | null, due: string, value: string) =>
      renderCheckoutPage(
        checkout({
          options: [
            {
              ...base!,
              deposit: {
                address: depositAddress,
                request: paymentRequest(base!.asset, `eip155:8453:${depositAddress}`, value)!,
                due,
                received,
              },
            },
          ],
        }),
        context,
      );
    const fresh = withDeposit(null, "10.5 USDC", "10500000");
    expect(fresh).toContain(
      `href="ethereum:${usdc}@8453/transfer?address=${depositAddress}&amp;uint256=10500000"`,
    );
    expect(fresh).toContain(`data-testid="deposit-address">${depositAddress}<`);
    expect(fresh).toContain("This address is this payment's alone");
    expect(fresh).not.toContain('data-testid="deposit-still-due"');
    // Not in the QR code, the link, the text, a copy button or the script's data.
    expect(fresh.toLowerCase()).not.toContain("1111111111111111111111111111111111111111");

    const short = withDeposit("6 USDC", "4.5 USDC", "4500000");
    expect(short).toContain(
      `href="ethereum:${usdc}@8453/transfer?address=${depositAddress}&amp;uint256=4500000"`,
    );
    expect(short).toContain(
      'role="status" data-testid="deposit-still-due">Received <strong>6 USDC</strong>. Still due: <strong>4.5 USDC</strong>, to the same address.</p>',
    );
    expect(short).toContain('aria-label="QR code to pay 4.5 USDC on Base"');
    expect(short).toContain(`data-copy="4.5"`);
    expect(short).toContain(`data-copy="${depositAddress}"`);
    expect(short.match(/data-testid="payment-qr"/g)).toHaveLength(1);
    expect(short.toLowerCase()).not.toContain("1111111111111111111111111111111111111111");
  });

  it("after part arrived at a deposit address, offers only topping it up: no other option and no wallet asked for the whole amount", () => {
    const [base] = checkout().options;
    const depositAddress = "0x850452318a2fb9da97d6898d546B30809BF8caCA";
    const other = {
      ...base!,
      settlementId: "set_other",
      asset: "eip155:10/erc20:0x0b2c639c533813f4aa9d7837caf62653d097ff85",
      networkName: "OP Mainnet",
    };
    const deposit = (received: string | null) => ({
      address: depositAddress,
      request: paymentRequest(base!.asset, `eip155:8453:${depositAddress}`, "4500000")!,
      due: "4.5 USDC",
      received,
    });
    const page = (received: string | null) =>
      renderCheckoutPage(checkout({ options: [{ ...base!, deposit: deposit(received) }, other] }), {
        ...context,
        walletConnect: {
          projectId: "project",
          relayUrl: "wss://relay.example",
          metadata: { name: "Shop", description: "Checkout", url: "https://pay.example", icons: [] },
          preferUniversalLinks: false,
          sdkSrc: "/pay/assets/walletconnect.js",
        },
      });
    const before = page(null);
    expect(before).toContain(">Choose how to pay</h2>");
    expect(before).toContain('data-settlement-id="set_other"');
    expect(before).toContain(`data-wallet="${base!.settlementId}"`);
    expect(before).toContain(`data-walletconnect="${base!.settlementId}"`);

    const after = page("6 USDC");
    expect(after).toContain(">Send the rest</h2>");
    expect(after).toContain('data-testid="deposit-still-due"');
    expect(after).not.toContain('data-settlement-id="set_other"');
    expect(after).not.toContain("data-wallet=");
    expect(after).not.toContain("data-walletconnect=");
  });

  it("renders a final payment's outcome and no pay controls", () => {
    const page = renderCheckoutPage(
      checkout({
        status: {
          status: "expired",
          isFinal: true,
          pollInMs: null,
          info: null,
          exception: null,
          droppedFrom: null,
        },
      }),
      context,
    );
    expect(page).toContain('data-testid="payment-outcome" data-status="expired"');
    expect(page).not.toContain("<button");
    expect(page).not.toContain('data-testid="countdown"');
  });

  it("paints the merchant's accent with readable text and links its support contact", () => {
    const light = renderCheckoutPage(
      checkout({
        merchant: {
          name: "Sun",
          iconUrl: null,
          accentColor: "#fde047",
          supportContact: "https://help.sun.example/",
          email: "sun@example.com",
        },
      }),
      context,
    );
    expect(light).toContain(":root{--color-primary:#fde047;--color-primary-foreground:#0f172a}");
    expect(light).toContain(
      '<a class="link" href="https://help.sun.example/" rel="noopener noreferrer">help.sun.example</a>',
    );
    const dark = renderCheckoutPage(
      checkout({
        merchant: {
          name: "Ink",
          iconUrl: null,
          accentColor: "#1e3a8a",
          supportContact: "help@ink.example",
          email: "ink@example.com",
        },
      }),
      context,
    );
    expect(dark).toContain("--color-primary-foreground:#ffffff}");
    expect(dark).toContain('href="mailto:help@ink.example"');
    // A value that is no colour never reaches the stylesheet, whatever put it in the database.
    const bad = renderCheckoutPage(
      checkout({
        merchant: {
          name: "X",
          iconUrl: null,
          accentColor: "red}body{display:none",
          supportContact: null,
          email: "x@example.com",
        },
      }),
      context,
    );
    expect(bad).not.toContain("red}body");
    expect(bad).not.toContain('data-testid="support-contact"');
  });
});

describe("renderOutcome", () => {
  it("names the payment's transaction and offers the way back only when a return URL is given", () => {
    const status = {
      status: "succeeded",
      isFinal: true,
      pollInMs: null,
      exception: null,
      droppedFrom: null,
      info: {
        txId: "test:pay_1",
        optionAmount: {
          unit: "caip19/eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          value: "1000000",
          display: { assetSymbol: "USDC", assetName: "USD Coin", decimals: 6, networkName: "Base" },
        },
        display: { assetSymbol: "USDC", assetName: "USD Coin", decimals: 6, networkName: "Base" },
      },
    } as const;
    const withReturn = renderOutcome({
      status,
      amount: "$1.00",
      merchantName: "A & B",
      returnUrl: "myapp://x",
      receiptUrl: null,
      shopUrl: null,
    }).value;
    expect(withReturn).toContain("You paid $1.00 to A &amp; B.");
    expect(withReturn).toContain('data-testid="transaction-id">test:pay_1<');
    expect(withReturn).toContain('href="myapp://x"');
    expect(
      renderOutcome({
        status,
        amount: "$1.00",
        merchantName: "A",
        returnUrl: null,
        receiptUrl: null,
        shopUrl: null,
      }).value,
    ).not.toContain("return-to-app");
  });

  it("links the receipt only once the payment succeeded", () => {
    const succeeded = {
      status: "succeeded",
      isFinal: true,
      pollInMs: null,
      info: null,
      exception: null,
      droppedFrom: null,
    } as const;
    expect(
      renderOutcome({
        status: succeeded,
        amount: "$1.00",
        merchantName: "A",
        returnUrl: null,
        receiptUrl: "/receipt/abc",
        shopUrl: null,
      }).value,
    ).toContain('href="/receipt/abc"');
    const failed = {
      status: "failed",
      isFinal: true,
      pollInMs: null,
      info: null,
      exception: null,
      droppedFrom: null,
    } as const;
    expect(
      renderOutcome({
        status: failed,
        amount: "$1.00",
        merchantName: "A",
        returnUrl: null,
        receiptUrl: "/receipt/abc",
        shopUrl: null,
      }).value,
    ).not.toContain("receipt");
  });
});

import { readJsonBody } from "@/lib/api/read-body";
import { limitCheckoutPosts } from "@/lib/checkout/rate-limit";
import { respondToCheckout } from "@/lib/checkout/respond";
import { checkoutWalletOption, WalletOptionsBodySchema } from "@/lib/checkout/wallet-payment";
import { parseInput } from "@/lib/errors/validation";

// A live buyer's connected wallet asks how to pay one option (a signature or a transaction).
export async function POST(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  return respondToCheckout(async () => {
    const { paymentId } = await params;
    await limitCheckoutPosts(request, paymentId);
    return checkoutWalletOption(paymentId, parseInput(WalletOptionsBodySchema, await readJsonBody(request), "request body"));
  });
}

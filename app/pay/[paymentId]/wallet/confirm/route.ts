import { readJsonBody } from "@/lib/api/read-body";
import { limitCheckoutPosts } from "@/lib/checkout/rate-limit";
import { respondToCheckout } from "@/lib/checkout/respond";
import { checkoutWalletConfirm, WalletConfirmBodySchema } from "@/lib/checkout/wallet-payment";
import { parseInput } from "@/lib/errors/validation";

// The buyer's wallet performed the option's action: its signature or transaction hash confirms it.
export async function POST(request: Request, { params }: { params: Promise<{ paymentId: string }> }) {
  return respondToCheckout(async () => {
    const { paymentId } = await params;
    await limitCheckoutPosts(request, paymentId);
    return checkoutWalletConfirm(paymentId, parseInput(WalletConfirmBodySchema, await readJsonBody(request), "request body"));
  });
}

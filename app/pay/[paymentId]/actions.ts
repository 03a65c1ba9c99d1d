"use server";

import type { ActionResult } from "@/lib/actions/result";
import { SimulateCheckoutInput } from "@/lib/checkout/schemas";
import { simulateCheckout } from "@/lib/checkout/simulate-checkout";
import { toErrorResponse } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { PaymentStatusJson } from "@/lib/schemas/payment";
import { parseInput } from "@/lib/validation";

/** Test mode's buyer buttons: succeed, fail or cancel the payment. Public, like the page. */
export async function simulateCheckoutAction(input: { paymentId: string; outcome: string }): Promise<ActionResult<PaymentStatusJson>> {
  try {
    const { paymentId, outcome } = parseInput(SimulateCheckoutInput, input, "input");
    return { ok: true, data: await simulateCheckout(paymentId, outcome) };
  } catch (error) {
    const { body } = toErrorResponse(error, newId("req"));
    return { ok: false, code: body.code, error: body.message };
  }
}

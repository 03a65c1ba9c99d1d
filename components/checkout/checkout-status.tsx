"use client";

import { createContext, useContext } from "react";
import type { PaymentStatusJson } from "@/lib/schemas/payment";

export type CheckoutStatusControls = {
  /** A status learned from an action (e.g. a test-mode button), shown at once. */
  report: (status: PaymentStatusJson) => void;
  /** Poll now rather than at the next hint (e.g. when the countdown reaches zero). */
  refresh: () => void;
};

export const CheckoutStatusContext = createContext<CheckoutStatusControls>({ report: () => {}, refresh: () => {} });

export function useCheckoutStatus(): CheckoutStatusControls {
  return useContext(CheckoutStatusContext);
}

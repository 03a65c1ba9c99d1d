import type { PaymentStatusJson } from "@/lib/domain/schemas/payment";
import { html } from "@/lib/platform/checkout/views/html";
import type { LiveStatus } from "./live-status";
import { postJson } from "./post-json";

/** Test mode stands in for the wallet: the buyer's buttons make the payment succeed, fail, be cancelled or be paid wrongly. */
export function setUpTestControls(paymentId: string, status: LiveStatus): void {
  const section = document.querySelector<HTMLElement>("[data-test-controls]");
  if (!section) return;
  const buttons = [...section.querySelectorAll<HTMLButtonElement>("button[data-outcome]")];
  for (const button of buttons) {
    button.addEventListener("click", async () => {
      buttons.forEach((b) => (b.disabled = true));
      section.querySelector("[role=alert]")?.remove();
      try {
        const { ok, body } = await postJson<PaymentStatusJson>(`/pay/${paymentId}/simulate`, {
          outcome: button.dataset.outcome,
        });
        // A payment left open (paid wrongly) says so above the controls, which work again.
        if (ok && body) {
          status.report(body);
          if (body.isFinal) return;
        } else showError(section, body?.message ?? "The payment could not be updated. Try again.");
      } catch {
        showError(section, "The payment could not be updated. Check your connection and try again.");
      }
      buttons.forEach((b) => (b.disabled = false));
    });
  }
}

function showError(section: HTMLElement, message: string) {
  section.insertAdjacentHTML("beforeend", html`<p role="alert" class="alert">${message}</p>`.value);
}

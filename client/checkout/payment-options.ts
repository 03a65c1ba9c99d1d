/**
 * Each payment option is an exclusive disclosure (`<details name>`, so opening one closes the
 * others without any script). Opening one tells the server which option the buyer is looking at,
 * so a transfer made from its QR code is checked against that option's quote.
 */
export function setUpPaymentOptions(paymentId: string): void {
  for (const details of document.querySelectorAll<HTMLDetailsElement>("details[data-settlement-id]")) {
    const choose = () => {
      // Best effort: if it fails, paying through the browser wallet fixes the option anyway.
      // The body is read so the request completes; an unread one stays open in Chromium.
      void fetch(`/pay/${paymentId}/option`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ settlementId: details.dataset.settlementId }),
      })
        .then((response) => response.text())
        .catch(() => {});
    };
    details.addEventListener("toggle", () => {
      if (details.open) choose();
    });
    if (details.open) choose();
  }
}

/**
 * The "Copy amount" and "Copy address" buttons of each option, for buyers who type a transfer into
 * their wallet by hand. Shown only where the clipboard can be written; each says "Copied" for a moment.
 */
export function setUpCopyButtons(): void {
  if (!navigator.clipboard) return;
  for (const group of document.querySelectorAll<HTMLElement>("[data-copies]")) {
    group.hidden = false;
    for (const button of group.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
      const label = button.textContent ?? "";
      button.addEventListener("click", () => {
        navigator.clipboard.writeText(button.dataset.copy ?? "").then(
          () => {
            button.textContent = "Copied";
            setTimeout(() => (button.textContent = label), 1500);
          },
          () => (button.textContent = "Copy failed"),
        );
      });
    }
  }
}

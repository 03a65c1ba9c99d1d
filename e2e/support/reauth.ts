import { expect, type Locator, type Page } from "@playwright/test";

/** Answers the "Confirm it is you" (re-authentication) dialog with the password. */
export async function confirmItIsYou(page: Page, password: string) {
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await dialog.getByLabel("Your password").fill(password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Waits for `done`, answering the re-authentication dialog on the way if the action asked for it
 * (it does once per session every few minutes, so a helper used several times cannot know).
 */
export async function passReauthIfAsked(page: Page, password: string, done: Locator) {
  const ask = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(ask.or(done).first()).toBeVisible();
  if (await ask.isVisible()) await confirmItIsYou(page, password);
  await expect(done).toBeVisible();
}

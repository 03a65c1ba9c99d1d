import { expect, type Locator } from "@playwright/test";

/**
 * Waits until React has hydrated this element, so that clicks and typing reach its handlers. A
 * server-rendered page is visible (and Playwright can act on it) before its script has run; on a
 * busy machine an early click or change event is silently lost.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await expect
    .poll(
      () => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))),
      { message: "waiting for React to hydrate" },
    )
    .toBe(true);
  return locator;
}

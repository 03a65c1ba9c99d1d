import type { Page } from "@playwright/test";
import { readFixtures, type RoleName } from "./fixtures-data";
import { baseURL } from "./settings";
import { signInViaApi } from "./sign-in";

/** Signs the page's browser context in as a fixture user (through the same endpoint the form uses). */
export async function signInAs(page: Page, role: RoleName, account: "a" | "b" = "a") {
  const user = readFixtures().accounts[account].users[role];
  const session = await signInViaApi(page.request, baseURL, user.email, user.password);
  if (!session) throw new Error(`could not sign in as ${role} of account ${account}`);
  return user;
}

export async function signInAsDemoOwner(page: Page) {
  const { demoOwner } = readFixtures();
  await signInViaApi(page.request, baseURL, demoOwner.email, demoOwner.password);
  return demoOwner;
}

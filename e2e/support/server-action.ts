import type { Page } from "@playwright/test";

// A server action is an HTTP POST to the page's URL with a `Next-Action` header naming the action
// and the arguments as the body. Capturing one made through the UI and posting it again as
// someone else is exactly what a user calling the action directly (bypassing the UI) would do.

export type CapturedAction = { url: string; headers: Record<string, string>; body: string };

/** Runs `trigger` and returns the server action request it caused. */
export async function captureServerAction(
  page: Page,
  trigger: () => Promise<unknown>,
): Promise<CapturedAction> {
  const captured = page.waitForRequest(
    (request) => request.method() === "POST" && request.headers()["next-action"] !== undefined,
  );
  await trigger();
  const request = await captured;
  const headers = Object.fromEntries(
    Object.entries(await request.allHeaders()).filter(
      ([name]) => !name.startsWith(":") && !["cookie", "host", "content-length"].includes(name),
    ),
  );
  return { url: request.url(), headers, body: request.postData() ?? "" };
}

/** Posts a captured action again with `page`'s cookies (whoever is signed in there), optionally with other arguments. */
export async function replayServerAction(
  page: Page,
  action: CapturedAction,
  args?: unknown[],
): Promise<string> {
  const response = await page.request.post(action.url, {
    headers: action.headers,
    data: args ? JSON.stringify(args) : action.body,
  });
  return response.text();
}

/** The arguments a captured action was called with. */
export function actionArgs<T = Record<string, unknown>>(action: CapturedAction): T[] {
  return JSON.parse(action.body) as T[];
}

import type { Locator, Page, Request, Route } from "@playwright/test";
import { expect, test } from "../support/api";
import { axeFindings, isSerious } from "../support/axe";
import { hydrated } from "../support/hydration";
import { signInAs } from "../support/ui";

// While a list page renders on the server, a click to it shows the page's skeleton at once rather
// than leaving the previous page in sight with no sign that anything happened. The server is made
// slow for real: the page's own render request (the RSC fetch of a client navigation) is held
// until the skeleton has been seen.

const phone = { width: 390, height: 844 };

/** Each list page, the navigation holding its link, the link's name and the page's h1. */
const listPages = [
  { path: "", nav: "Dashboard", link: "Overview", heading: "Overview" },
  { path: "/payments", nav: "Dashboard", link: "Payments", heading: "Payments" },
  { path: "/payment-links", nav: "Dashboard", link: "Payment links", heading: "Payment links" },
  { path: "/merchants", nav: "Dashboard", link: "Merchants", heading: "Merchants" },
  { path: "/developers", nav: "Dashboard", link: "Developers", heading: "API keys" },
  { path: "/developers/webhooks", nav: "Developers", link: "Webhooks", heading: "Webhooks" },
  { path: "/developers/events", nav: "Developers", link: "Events", heading: "Events" },
  { path: "/developers/requests", nav: "Developers", link: "Request log", heading: "Request log" },
  { path: "/team", nav: "Dashboard", link: "Team", heading: "Team" },
  { path: "/audit-log", nav: "Dashboard", link: "Audit log", heading: "Audit log" },
];

/** Holds the navigation's render request for pathname (prefetches pass) until the returned release is called. */
async function holdRender(page: Page, pathname: string) {
  const held: Route[] = [];
  let released = false;
  const matches = (url: URL) => url.pathname === pathname && url.searchParams.has("_rsc");
  await page.route(matches, (route) => {
    if (released || route.request().headers()["next-router-prefetch"]) return route.continue();
    held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute(matches);
  };
}

/**
 * The URLs whose loading state this page's router has prefetched: Next prefetches a link's route
 * up to its loading boundary once the link is in sight, and a click before that waits for the
 * server whatever the page, so each test waits for it as a user's later click would find it. A
 * prefetch has done its work once it was answered and has ended (Next cuts it off once it has
 * read what it wanted).
 */
function prefetchedRoutes(page: Page) {
  const done = new Set<string>();
  const answered = new Set<Request>();
  page.on("response", (response) => {
    const headers = response.request().headers();
    if (headers["next-router-prefetch"] && !headers["next-router-segment-prefetch"])
      answered.add(response.request());
  });
  const ended = (request: Request) => {
    if (!answered.has(request)) return;
    const url = new URL(request.url());
    url.searchParams.delete("_rsc");
    done.add(url.pathname + url.search);
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return done;
}

/** Opens url, and waits until link (found on it) is hydrated and its route prefetched (the pointer on it, as before a click). */
async function openAndPrefetch(page: Page, prefetched: Set<string>, url: string, link: Locator) {
  prefetched.clear();
  await page.goto(url);
  await (await hydrated(link)).hover();
  const href = (await link.getAttribute("href"))!;
  await expect
    .poll(() => prefetched.has(href), { message: `prefetch of ${href}`, timeout: 15_000 })
    .toBe(true);
  return link;
}

test("a slow list page shows its skeleton as soon as it is clicked, then the page", async ({ page }) => {
  await signInAs(page, "owner");
  const prefetched = prefetchedRoutes(page);
  const skeleton = page.getByRole("progressbar", { name: "Loading" });
  for (const [i, { path, nav, link, heading }] of listPages.entries()) {
    // The Developers tabs are on the Developers pages; the others start from the page before them.
    const from =
      nav === "Developers"
        ? "/test/developers/quickstart"
        : `/test${listPages[(i + listPages.length - 1) % listPages.length]!.path}`;
    const target = await openAndPrefetch(
      page,
      prefetched,
      from,
      page.getByRole("navigation", { name: nav }).getByRole("link", { name: link, exact: true }),
    );
    const release = await holdRender(page, `/test${path}`);
    await target.click();
    await expect(skeleton, `/test${path}`).toBeVisible();
    await release();
    await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  }
});

test("the skeleton fits a phone as it fits a laptop: nothing reaches past the screen's edge, and axe finds nothing serious in it", async ({
  page,
}) => {
  await signInAs(page, "owner");
  const prefetched = prefetchedRoutes(page);
  for (const size of [{ width: 1366, height: 900 }, phone]) {
    await page.setViewportSize(size);
    const payments = await openAndPrefetch(
      page,
      prefetched,
      "/test",
      page
        .getByRole("navigation", { name: "Dashboard" })
        .getByRole("link", { name: "Payments", exact: true }),
    );
    const release = await holdRender(page, "/test/payments");
    await payments.click();
    const skeleton = page.getByRole("progressbar", { name: "Loading" });
    await expect(skeleton).toBeVisible();
    expect((await skeleton.boundingBox())!.width).toBeLessThanOrEqual(size.width - 32);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    expect(
      (await axeFindings(page)).filter(isSerious),
      "serious or critical axe violations in the skeleton",
    ).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`skeleton-${size.width}.png`) });
    await release();
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  }
});

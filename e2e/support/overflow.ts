import type { Page } from "@playwright/test";

/**
 * What makes the page scroll sideways: its width and the outermost elements reaching past the
 * viewport's right edge (empty when it does not). Elements inside a scrolling or clipping box are
 * that box's business (see `clippedTables`).
 */
export function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== "visible") return true;
      return false;
    };
    const wide = [...document.querySelectorAll("body *")].filter(
      (el) => el.getBoundingClientRect().right > width + 1 && !clipped(el),
    );
    const culprits = wide.filter((el) => !wide.includes(el.parentElement!)).slice(0, 5);
    return [
      `scrollWidth ${document.documentElement.scrollWidth}`,
      ...culprits.map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${Math.round(el.getBoundingClientRect().right)}`,
      ),
    ];
  });
}

/**
 * Tables wider than the box they scroll in, each named by its header row: on a phone a table may
 * scroll sideways inside its box, but on a laptop's screen its last columns (a row's actions) would
 * be hidden behind that scroll.
 */
export function clippedTables(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("table")].flatMap((table) => {
      const box = table.parentElement!;
      if (box.scrollWidth <= box.clientWidth + 1) return [];
      const headers = [...table.querySelectorAll("thead th")]
        .filter((th) => th.getBoundingClientRect().width > 0)
        .map((th) => th.textContent?.trim() || "(no label)");
      return [`table [${headers.join(", ")}]: ${table.scrollWidth} px in ${box.clientWidth} px`];
    }),
  );
}

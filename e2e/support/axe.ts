import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// WCAG 2.2 AA (target size among them) and axe's best practices.
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export type AxeFinding = { rule: string; impact: string; help: string; targets: string[] };

/** What axe finds wrong on the page as it is now. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? "unknown",
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
}

export const isSerious = (finding: AxeFinding) =>
  finding.impact === "serious" || finding.impact === "critical";

import type { Mode } from "@/lib/core/db";

// Where the Test/Live toggle leads. A page is kept as it is, with its filters (the list's query),
// but for those that name one mode's rows (a merchant filter, a page cursor). A payment's page is
// kept too, marked as reached by the toggle: the payment page then shows the payment if it is in
// that mode (one opened in the wrong mode is), and otherwise goes to the list. Other resources
// (`mrch_…`, `we_…`) belong to one mode, so the toggle goes to the list they sit in.

/** The query parameter that marks a payment page reached by the mode toggle. */
export const modeSwitchedParam = "switched";

const resourceId = /^[a-z]+_[0-9A-Za-z]{8,}$/;
const modeBoundParams = ["merchantId", "cursor", "before", modeSwitchedParam];

export function modeSwitchHref(pathname: string, search: string, to: Mode): string {
  const [, , ...rest] = pathname.split("/");
  const idAt = rest.findIndex((segment) => resourceId.test(segment));
  const paymentPage = idAt === 1 && rest[0] === "payments" && rest.length === 2;
  const kept = idAt === -1 || paymentPage ? rest : rest.slice(0, idAt);
  const path = ["", to, ...kept].join("/").replace(/\/$/, "");
  if (paymentPage) return `${path}?${modeSwitchedParam}=1`;
  const query = new URLSearchParams(search);
  for (const name of modeBoundParams) query.delete(name);
  const text = idAt === -1 ? query.toString() : "";
  return text ? `${path}?${text}` : path;
}

import { z } from "zod";
import { isStorableDate } from "@/lib/core/db/pagination";
import {
  exceptionTypes,
  paymentStatuses,
  refundStates,
  type ListPaymentsFilter,
} from "@/lib/domain/schemas/payment";
import type { PaymentView } from "./list-payments";

// PostgreSQL text cannot hold NUL.
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !s.includes("\u0000"));
const DaySchema = z.iso
  .date()
  .refine((day) => isStorableDate(new Date(`${day}T00:00:00.000Z`)) && day < "9999-12-31");

// The dashboard's payments view lives in the URL (so a link a colleague pastes shows the same
// rows). A value that does not parse is dropped rather than failing the page.
const QuerySchema = z.object({
  status: z.enum(paymentStatuses).optional().catch(undefined),
  merchantId: text(64).optional().catch(undefined),
  refund: z
    .enum([...refundStates, "any"])
    .optional()
    .catch(undefined),
  exception: z
    .enum([...exceptionTypes, "any", "open"])
    .optional()
    .catch(undefined),
  from: DaySchema.optional().catch(undefined),
  to: DaySchema.optional().catch(undefined),
  q: text(300).optional().catch(undefined),
  sort: z.enum(["createdAt", "amount"]).default("createdAt").catch("createdAt"),
  dir: z.enum(["asc", "desc"]).default("desc").catch("desc"),
  cursor: z.string().max(200).optional().catch(undefined),
  before: z.string().max(200).optional().catch(undefined),
});
export type PaymentsQuery = z.output<typeof QuerySchema>;

export const paymentsPageSize = 50;

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

export function parsePaymentsQuery(params: Params): PaymentsQuery {
  const entries =
    params instanceof URLSearchParams
      ? [...params.entries()]
      : Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]);
  return QuerySchema.parse(Object.fromEntries(entries.filter(([, v]) => v !== undefined && v !== "")));
}

/** The list query for a parsed URL. Dates are whole UTC days, `to` included. */
export function paymentsSearch(
  query: PaymentsQuery,
  limit = paymentsPageSize,
): { filter: ListPaymentsFilter; view: PaymentView } {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
  return {
    filter: {
      limit,
      cursor: query.cursor,
      status: query.status ? [query.status] : undefined,
      merchantId: query.merchantId ? [query.merchantId] : undefined,
      exception: query.exception,
      createdFrom: query.from ? `${query.from}T00:00:00.000Z` : undefined,
      createdTo: query.to ? dayAfter(query.to) : undefined,
    },
    view: {
      sort: { by: query.sort, dir: query.dir },
      search: query.q,
      before: query.before,
      refund: query.refund,
    },
  };
}

/** The URL search string for a view, leaving out defaults and empty values. */
export function paymentsQueryString(query: Partial<PaymentsQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "") continue;
    if ((key === "sort" && value === "createdAt") || (key === "dir" && value === "desc")) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** "10.50", "$10.5" or "1,050" as minor units of a two-decimal currency; a whole number also as itself in minor units. */
export function fiatCents(term: string): string[] | null {
  const match = /^[$€£]?\s*(\d{1,3}(?:,\d{3})+|\d{1,13})(?:\.(\d{1,2}))?$/.exec(term);
  if (!match) return null;
  const whole = BigInt(match[1]!.replaceAll(",", ""));
  if (match[2] !== undefined) return [(whole * 100n + BigInt(match[2].padEnd(2, "0"))).toString()];
  return [...new Set([(whole * 100n).toString(), whole.toString()])];
}

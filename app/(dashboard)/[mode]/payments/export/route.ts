import { can } from "@/lib/domain/permissions/permissions";
import { currentViewer } from "@/lib/domain/auth/session";
import { parseMode } from "@/lib/core/tenancy/modes";
import { exportPaymentsCsv } from "@/lib/domain/payments/export-payments";
import { parsePaymentsQuery, paymentsSearch } from "@/lib/domain/payments/search-payments";

/** The payments of the current filter as CSV, streamed in keyset batches. */
export async function GET(request: Request, { params }: { params: Promise<{ mode: string }> }) {
  const mode = parseMode((await params).mode);
  if (!mode) return new Response("Not found.", { status: 404 });
  const viewer = await currentViewer();
  if (!viewer) return new Response("Sign in to export payments.", { status: 401 });
  if (!can(viewer.role, "payments.read"))
    return new Response(`Your role (${viewer.role}) cannot read payments.`, { status: 403 });

  const { filter, view } = paymentsSearch(parsePaymentsQuery(new URL(request.url).searchParams));
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
  return new Response(
    exportPaymentsCsv(
      { accountId: viewer.account.id, mode },
      filter,
      { sort: view.sort, search: view.search },
      { buyerDetails: can(viewer.role, "payments.buyer_details") },
    ),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="payments-${mode}-${stamp}.csv"`,
        "Cache-Control": "no-store",
      },
    },
  );
}

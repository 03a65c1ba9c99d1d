import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { requireViewer } from "@/lib/auth/session";
import { parseMode } from "@/lib/modes";
import { getOverviewCounts } from "@/lib/overview/get-counts";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage({ params }: { params: Promise<{ mode: string }> }) {
  const mode = parseMode((await params).mode);
  if (!mode) notFound();
  const viewer = await requireViewer();
  const counts = await getOverviewCounts(viewer.account.id, mode);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Overview</h1>
        <p className="text-sm text-muted-foreground">
          Signed in as {viewer.user.name} ({viewer.role}) · {mode === "test" ? "Test" : "Live"} data
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Merchants</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-semibold" data-testid="merchant-count">{counts.merchants}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Payments</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-semibold" data-testid="payment-count">{counts.payments}</p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import type { Mode } from "@/lib/core/db";
import type { Scope } from "@/lib/core/tenancy/scope";
import { NetVolumeChart } from "@/components/dashboard/net-volume-chart";
import { NoAccess } from "@/components/dashboard/no-access";
import { StatusBadge } from "@/components/payments/status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can } from "@/lib/domain/permissions/permissions";
import { getDailyNetVolume } from "@/lib/domain/overview/get-daily-net-volume";
import { getOverview, overviewDays } from "@/lib/domain/overview/get-overview";
import { formatAmount } from "@/lib/core/money/format-amount";
import { db } from "@/lib/core/db";
import { listUnpayableMerchants } from "@/lib/domain/settlements/unverifiable-destinations";
import { describeAsset } from "@/components/settlements/describe";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage({ params }: { params: Promise<{ mode: string }> }) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params);
  if (!allowed) return <NoAccess role={viewer.role} />;
  const paymentsLink = can(viewer.role, "payments.read") ? `/${mode}/payments` : null;

  // The header is sent at once; each part that queries streams in behind its own skeleton, so the
  // slowest query (the daily series) holds up only its chart.
  return (
    <div className="space-y-6">
      <PageHeader
        title="Overview"
        description={`Signed in as ${viewer.user.name} (${viewer.role}) · ${mode === "test" ? "Test" : "Live"} data · last ${overviewDays} days`}
      />
      <Suspense fallback={null}>
        <UnpayableMerchants mode={mode} scope={scope} />
      </Suspense>
      <Suspense fallback={<FiguresSkeleton />}>
        <OverviewFigures mode={mode} scope={scope} paymentsLink={paymentsLink} />
      </Suspense>
      <Suspense fallback={<ChartSkeleton />}>
        <DailyVolume scope={scope} />
      </Suspense>
    </div>
  );
}

async function UnpayableMerchants({ mode, scope }: { mode: Mode; scope: Scope }) {
  const { merchants: unpayable, total } = await listUnpayableMerchants(db(), scope);
  if (unpayable.length === 0) return null;
  return (
    <section
      role="alert"
      data-testid="unpayable-merchants"
      className="space-y-1 rounded-md border border-warning bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="font-medium">
        Buyers cannot pay these destinations: this Tollgate cannot verify their network.
      </p>
      <ul className="space-y-0.5">
        {unpayable.map((m) => (
          <li key={m.id} className="break-words">
            <Link href={`/${mode}/merchants/${m.id}`} className="underline">
              {m.name}
            </Link>
            : {m.unverifiable.map(describeAsset).join(", ")}
          </li>
        ))}
      </ul>
      {total > unpayable.length && (
        <p data-testid="unpayable-more">
          And {total - unpayable.length} more:{" "}
          <Link href={`/${mode}/merchants`} className="underline">
            see the merchants
          </Link>
          .
        </p>
      )}
    </section>
  );
}

async function DailyVolume({ scope }: { scope: Scope }) {
  return <NetVolumeChart series={await getDailyNetVolume(scope)} />;
}

function FiguresSkeleton() {
  return (
    <div role="progressbar" aria-busy="true" aria-label="Loading figures" className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function ChartSkeleton() {
  return (
    <div role="progressbar" aria-busy="true" aria-label="Loading the chart">
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

async function OverviewFigures({
  mode,
  scope,
  paymentsLink,
}: {
  mode: Mode;
  scope: Scope;
  paymentsLink: string | null;
}) {
  const overview = await getOverview(scope);
  return (
    <>
      {overview.merchants === 0 ? <GetStarted mode={mode} /> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle className="text-sm font-medium text-muted-foreground">Merchants</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-semibold" data-testid="merchant-count">
              {overview.merchants}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-sm font-medium text-muted-foreground">
              Payments, last {overviewDays} days
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-semibold" data-testid="payment-count">
              {overview.payments}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-sm font-medium text-muted-foreground">Net volume</CardTitle>
          </CardHeader>
          <CardContent data-testid="net-volume" className="space-y-2">
            {overview.net.length === 0 ? (
              <p className="text-3xl font-semibold">—</p>
            ) : (
              overview.net.map((v) => (
                <div key={v.unit} data-unit={v.unit}>
                  <p className="text-2xl font-semibold break-all">{formatAmount(v.unit, v.net)}</p>
                  {v.refunded !== "0" ? (
                    <p className="text-xs text-muted-foreground break-all">
                      {formatAmount(v.unit, v.gross)} succeeded − {formatAmount(v.unit, v.refunded)} refunded
                    </p>
                  ) : null}
                </div>
              ))
            )}
          </CardContent>
        </Card>
      </div>
      <section aria-labelledby="by-status" className="space-y-3">
        <h2 id="by-status" className="text-lg font-semibold">
          By status, last {overviewDays} days
        </h2>
        <Table
          aria-labelledby="by-status"
          columns={["Status", { label: "Payments", align: "right" }, "Volume"]}
        >
          <TBody>
            {overview.byStatus.map((s) => {
              const href =
                paymentsLink &&
                `${paymentsLink}?status=${s.status}&from=${overview.since.toISOString().slice(0, 10)}`;
              return (
                <Tr key={s.status} data-testid={`status-${s.status}`}>
                  <Td>
                    {href ? (
                      <Link href={href}>
                        <StatusBadge status={s.status} />
                      </Link>
                    ) : (
                      <StatusBadge status={s.status} />
                    )}
                  </Td>
                  <Td className="text-right tabular-nums" data-testid="count">
                    {s.count}
                  </Td>
                  <Td data-testid="volume" className="break-all">
                    {s.volume.length === 0 ? (
                      <span className="text-muted-foreground">—</span>
                    ) : (
                      s.volume.map((v) => formatAmount(v.unit, v.value)).join(" · ")
                    )}
                  </Td>
                </Tr>
              );
            })}
          </TBody>
        </Table>
      </section>
    </>
  );
}

function GetStarted({ mode }: { mode: "test" | "live" }) {
  const steps = [
    { href: `/${mode}/merchants`, title: "Create a merchant", text: "The business that receives payments." },
    {
      href: `/${mode}/merchants`,
      title: "Add where its money goes",
      text: "A crypto wallet (for example USDC on Base) or a US bank account.",
    },
    {
      href: `/${mode}/developers`,
      title: `Create a ${mode} API key`,
      text: "Your server uses it to create payments.",
    },
    {
      href: `/${mode}/developers`,
      title: "Create your first payment",
      text: "Send the buyer to its gateway link and poll its status.",
    },
  ];
  return (
    <Card role="region" aria-labelledby="get-started">
      <CardHeader>
        <CardTitle id="get-started">Get started</CardTitle>
        <p className="text-sm text-muted-foreground">
          {mode === "live"
            ? "Live mode starts empty: merchants and settlements from test mode do not carry over."
            : "Try everything in test mode: no real funds move."}
        </p>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3">
          {steps.map((step, i) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full border border-border text-xs font-medium">
                {i + 1}
              </span>
              <div>
                <Link href={step.href} className="font-medium text-primary hover:underline">
                  {step.title}
                </Link>
                <p className="text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NoAccess } from "@/components/dashboard/no-access";
import { HttpStatusBadge } from "@/components/developers/http-status-badge";
import { JsonBlock } from "@/components/developers/json-block";
import { DateTime } from "@/components/payments/date-time";
import { PageHeader } from "@/components/ui/page-header";
import { listApiKeys } from "@/lib/domain/api-keys/list-api-keys";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { getRequest } from "@/lib/domain/request-log/get-request";

export const metadata: Metadata = { title: "API request" };

export default async function RequestPage({
  params,
}: {
  params: Promise<{ mode: string; requestId: string }>;
}) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params);
  if (!allowed) return <NoAccess role={viewer.role} />;
  const { requestId } = await params;
  const request = await getRequest(db(), scope, requestId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const key = request.apiKeyId
    ? (await listApiKeys(db(), scope)).find((k) => k.id === request.apiKeyId)
    : undefined;

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link href={`/${mode}/developers/requests`} className="text-sm text-muted-foreground hover:underline">
          ← Request log
        </Link>
        <PageHeader
          title={`${request.method} request`}
          description={
            <span className="break-all font-mono" data-testid="request-path">
              {request.path}
            </span>
          }
        />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <HttpStatusBadge status={request.status} />
        </dd>
        <dt className="text-muted-foreground">Request id</dt>
        <dd className="break-all font-mono text-xs" data-testid="request-id">
          {request.id}
        </dd>
        <dt className="text-muted-foreground">{request.apiKeyId ? "API key" : "Public app"}</dt>
        <dd className="break-all text-xs">
          {key ? `${key.name} (${key.masked})` : (request.apiKeyId ?? request.appId)}
        </dd>
        <dt className="text-muted-foreground">When</dt>
        <dd>
          <DateTime value={request.createdAt} />
        </dd>
        <dt className="text-muted-foreground">Duration</dt>
        <dd className="tabular-nums">{request.durationMs} ms</dd>
      </dl>
      {request.errorBody ? (
        <section aria-labelledby="error-heading" className="space-y-2">
          <h2 id="error-heading" className="text-lg font-semibold">
            Error returned
          </h2>
          <JsonBlock value={request.errorBody} label="Error returned" testId="error-body" />
        </section>
      ) : null}
      <section aria-labelledby="body-heading" className="space-y-2">
        <h2 id="body-heading" className="text-lg font-semibold">
          Request body
        </h2>
        {request.requestBody === null ? (
          <p className="text-sm text-muted-foreground">
            No body: this operation takes none, or it could not be read as JSON.
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              As received, with secrets (keys, passwords, signatures, bank account numbers) replaced by
              “[redacted]”.
            </p>
            <JsonBlock value={request.requestBody} label="Request body" testId="request-body" />
          </>
        )}
      </section>
    </div>
  );
}

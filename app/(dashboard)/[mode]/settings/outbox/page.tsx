import type { Metadata } from "next";
import { NoAccess } from "@/components/dashboard/no-access";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { RefreshWhileDue } from "@/components/webhooks/refresh-while-due";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { db } from "@/lib/core/db";
import { listOutbox } from "@/lib/domain/email/list-outbox";
import { smtpConfigured } from "@/lib/platform/mail/transport";
import { DateTime } from "@/components/payments/date-time";

export const metadata: Metadata = { title: "Outbox" };

const statusTone = { pending: "warning", sent: "success", failed: "danger", kept: "neutral" } as const;

export default async function OutboxPage({ params }: { params: Promise<{ mode: string }> }) {
  const { viewer, allowed } = await dashboardPage(params, "outbox.read");
  if (!allowed) return <NoAccess role={viewer.role} />;
  const mails = await listOutbox(db(), viewer.account.id);
  const smtp = smtpConfigured();
  const pending = mails.find((mail) => mail.status === "pending");

  return (
    <div className="space-y-6">
      <PageHeader
        title="Outbox"
        description={
          smtp
            ? "Mail Tollgate sent about this account through your SMTP server. Bodies are erased once the server accepts a mail, so the links in them do not stay in the database."
            : "No SMTP server is configured (SMTP_URL), so Tollgate sends no mail: what it would send about this account is kept here, and printed to the server's console. Set SMTP_URL to deliver it."
        }
      />
      {pending ? <RefreshWhileDue due={pending.createdAt.getTime()} /> : null}
      {mails.length === 0 ? (
        <EmptyState
          title="No mail yet"
          description="Verification links, password resets, invitations and security alerts for this account will appear here."
        />
      ) : (
        <ul className="space-y-3" aria-label="Mail">
          {mails.map((mail) => (
            <li
              key={mail.id}
              className="rounded-lg border border-border bg-background"
              data-testid="outbox-mail"
            >
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
                  <span className="min-w-0 flex-1 font-medium">{mail.subject}</span>
                  <Badge tone={statusTone[mail.status]}>{mail.status}</Badge>
                  <span className="w-full break-all text-xs text-muted-foreground">
                    To {mail.to} · <DateTime value={mail.createdAt} />
                    {mail.status !== "sent" && mail.error ? ` · attempt ${mail.attempts}: ${mail.error}` : ""}
                    {mail.status === "kept"
                      ? " · not sent: test-mode receipts are mailed only to your team's verified addresses"
                      : ""}
                  </span>
                </summary>
                <div className="border-t border-border px-4 py-3">
                  {mail.text ? (
                    <pre className="whitespace-pre-wrap break-words font-sans text-sm">{mail.text}</pre>
                  ) : (
                    <p className="text-sm text-muted-foreground">Delivered; its body is no longer kept.</p>
                  )}
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NoAccess } from "@/components/dashboard/no-access";
import { JsonBlock } from "@/components/developers/json-block";
import { DateTime } from "@/components/payments/date-time";
import { PageHeader } from "@/components/ui/page-header";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { db } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors/errors";
import { getEvent } from "@/lib/domain/events/get-event";

export const metadata: Metadata = { title: "Event" };

export default async function EventPage({ params }: { params: Promise<{ mode: string; eventId: string }> }) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params);
  if (!allowed) return <NoAccess role={viewer.role} />;
  const { eventId } = await params;
  const event = await getEvent(db(), scope, eventId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Link href={`/${mode}/developers/events`} className="text-sm text-muted-foreground hover:underline">
          ← Events
        </Link>
        <PageHeader
          title={event.type}
          description={
            <>
              <span className="break-all font-mono">{event.id}</span> · <DateTime value={event.createdAt} />
            </>
          }
        />
      </div>
      <section aria-labelledby="payload-heading" className="space-y-2">
        <h2 id="payload-heading" className="text-lg font-semibold">
          Payload
        </h2>
        <p className="text-sm text-muted-foreground">
          The JSON body POSTed to each subscribed webhook endpoint, and what GET /v1/events/{"{id}"} answers.
        </p>
        <JsonBlock value={event} label="Event payload" testId="event-payload" />
      </section>
    </div>
  );
}

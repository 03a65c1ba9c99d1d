"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { allEvents, eventTypes } from "@/lib/domain/schemas/event-types";

/** The event types an endpoint subscribes to, as checkboxes sharing one form field (an array). */
export function EventCheckboxes({
  idPrefix,
  field,
  error,
}: {
  idPrefix: string;
  field: UseFormRegisterReturn;
  error?: { message?: string };
}) {
  const message = error?.message;
  const errorId = `${idPrefix}-events-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={message ? errorId : undefined} aria-invalid={!!message}>
      <legend className="text-sm font-medium">Events</legend>
      <label className="flex min-h-8 items-center gap-2 text-sm">
        <input type="checkbox" className="size-5 shrink-0 accent-primary" value={allEvents} {...field} />
        <span>
          All events <span className="text-muted-foreground">(including types added later)</span>
        </span>
      </label>
      {/* Rows at least 32 px apart, so each box meets WCAG 2.2's 24 px target spacing on a phone. */}
      <div className="grid gap-x-4 sm:grid-cols-2">
        {eventTypes.map((type) => (
          <label key={type} className="flex min-h-8 items-center gap-2 font-mono text-xs">
            <input type="checkbox" className="size-5 shrink-0 accent-primary" value={type} {...field} />
            {type}
          </label>
        ))}
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

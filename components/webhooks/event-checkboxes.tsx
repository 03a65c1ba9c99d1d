"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { allEvents, eventTypes } from "@/lib/events/event-types";

/** The event types an endpoint subscribes to, as checkboxes sharing one form field (an array). */
export function EventCheckboxes({ idPrefix, field, error }: { idPrefix: string; field: UseFormRegisterReturn; error?: { message?: string } }) {
  const message = error?.message;
  const errorId = `${idPrefix}-events-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={message ? errorId : undefined} aria-invalid={!!message}>
      <legend className="text-sm font-medium">Events</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" value={allEvents} {...field} />
        <span>
          All events <span className="text-muted-foreground">(including types added later)</span>
        </span>
      </label>
      <div className="grid gap-1 sm:grid-cols-2">
        {eventTypes.map((type) => (
          <label key={type} className="flex items-center gap-2 font-mono text-xs">
            <input type="checkbox" value={type} {...field} />
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

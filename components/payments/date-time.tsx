"use client";

import { useSyncExternalStore } from "react";

const utcFull = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const utcShort = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
// No timeZone: the viewer's own, named in the text (e.g. "GMT+1") so it is never mistaken for UTC.
const localFull = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});
const localShort = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

const never = () => () => {};

/** `Nov 24, 2026, 4:15 PM UTC`: what the server renders, and the hover text once the browser shows local time. */
export function utcText(value: Date | string, compact = false): string {
  return `${(compact ? utcShort : utcFull).format(new Date(value))} UTC`;
}

/**
 * A timestamp in the viewer's time zone, with the UTC time on hover (support reads that one to a
 * colleague). The server knows no viewer's zone, so it renders UTC and the browser switches after
 * hydration (the server snapshot of `useSyncExternalStore`), without a hydration mismatch.
 */
export function DateTime({ value, compact = false }: { value: Date | string; compact?: boolean }) {
  const date = new Date(value);
  const inBrowser = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const utc = utcText(date, compact);
  return (
    <time dateTime={date.toISOString()} title={utc} className="whitespace-nowrap">
      {inBrowser ? (compact ? localShort : localFull).format(date) : utc}
    </time>
  );
}

const full = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

/** A timestamp in UTC: the same text on the server and in every browser, and for every colleague. */
export function DateTime({ value, compact = false }: { value: Date | string; compact?: boolean }) {
  const date = typeof value === "string" ? new Date(value) : value;
  return (
    <time dateTime={date.toISOString()} title={date.toISOString()} className="whitespace-nowrap">
      {(compact ? short : full).format(date)} UTC
    </time>
  );
}

// Dates are shown in UTC with the zone named, so the server's and every browser's rendering agree
// and a support person reading a time to a colleague in another zone means the same moment.
const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** `21 Nov 2026, 23:57 UTC` */
export function formatDateTime(value: Date | string): string {
  return `${dateTime.format(new Date(value))} UTC`;
}

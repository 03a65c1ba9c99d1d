import type { DailyNetVolume } from "@/lib/domain/overview/get-daily-net-volume";
import { findKnownAsset } from "@/lib/core/money/assets";
import { parseUnit } from "@/lib/core/money/money";
import { formatAmount } from "@/lib/core/money/format-amount";

const dayLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

function unitName(unit: string): string {
  const parsed = parseUnit(unit);
  if (!parsed.ok) return unit;
  if (parsed.value.kind === "fiat") return parsed.value.currency;
  return findKnownAsset(unit.slice("caip19/".length))?.symbol ?? unit;
}

/**
 * Net volume per day as plain CSS bars, one chart per unit: no chart library and no script. Each
 * bar is a list item carrying its day and amount as text, so a screen reader reads the data and a
 * pointer shows it on hover.
 */
export function NetVolumeChart({ series }: { series: DailyNetVolume }) {
  return (
    <section aria-labelledby="net-by-day" className="space-y-3">
      <h2 id="net-by-day" className="text-lg font-semibold">
        Net volume by day
      </h2>
      {series.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="net-chart-empty">
          No succeeded payments in this period yet.
        </p>
      ) : (
        series.map(({ unit, days }) => {
          const max = days.reduce((m, d) => (BigInt(d.net) > m ? BigInt(d.net) : m), 0n);
          const first = days[0]!.day;
          const last = days[days.length - 1]!.day;
          return (
            <figure
              key={unit}
              className="space-y-2 rounded-lg border border-border bg-background p-4"
              data-testid="net-chart"
              data-unit={unit}
            >
              <figcaption className="flex flex-wrap justify-between gap-2 text-sm">
                <span className="font-medium break-all">{unitName(unit)}</span>
                <span className="text-muted-foreground">
                  Highest day {formatAmount(unit, max.toString())} · UTC days
                </span>
              </figcaption>
              <ol
                className="flex h-32 items-end gap-px border-b border-border"
                aria-label={`Net volume per day, ${label(first)} to ${label(last)}`}
              >
                {days.map((d) => {
                  const value = BigInt(d.net);
                  // Integer maths on the amounts; only the bar's height becomes a number.
                  const percent = max === 0n ? 0 : Number((value * 1000n) / max) / 10;
                  const text = `${label(d.day)}: ${formatAmount(unit, d.net)}`;
                  return (
                    <li
                      key={d.day}
                      className="flex h-full min-w-0 flex-1 items-end"
                      title={text}
                      data-testid="net-bar"
                      data-day={d.day}
                      data-net={d.net}
                    >
                      <span
                        className="block w-full rounded-t-sm bg-primary"
                        style={{ height: value === 0n ? 0 : `max(2px, ${percent}%)` }}
                      />
                      <span className="sr-only">{text}</span>
                    </li>
                  );
                })}
              </ol>
              <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
                <span>{label(first)}</span>
                <span>{label(last)}</span>
              </div>
            </figure>
          );
        })
      )}
    </section>
  );
}

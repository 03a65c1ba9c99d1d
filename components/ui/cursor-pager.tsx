import Link from "next/link";
import { buttonVariants } from "./button";

/** Links from a cursor-paginated list to its first page (when not on it) and to the next one (when there is one). */
export function CursorPager({
  label = "Pages",
  firstHref,
  nextHref,
  firstLabel = "First page",
  nextLabel = "Next page",
}: {
  label?: string;
  firstHref: string | null;
  nextHref: string | null;
  firstLabel?: string;
  nextLabel?: string;
}) {
  if (!firstHref && !nextHref) return null;
  return (
    <nav aria-label={label} className="flex justify-end gap-2">
      {firstHref ? (
        <Link href={firstHref} className={buttonVariants({ variant: "outline", size: "sm" })}>
          {firstLabel}
        </Link>
      ) : null}
      {nextHref ? (
        <Link href={nextHref} className={buttonVariants({ variant: "outline", size: "sm" })}>
          {nextLabel}
        </Link>
      ) : null}
    </nav>
  );
}

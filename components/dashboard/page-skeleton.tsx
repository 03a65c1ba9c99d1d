import { Skeleton } from "@/components/ui/skeleton";

/**
 * What a list page shows while the server renders it, as its loading.tsx. A loading boundary starts
 * the answer streaming with status 200 before the page below it runs, so a detail page's notFound()
 * could no longer answer 404: a list page with detail pages below it keeps its page and loading.tsx
 * in a route group beside them (payments/(list)/ beside payments/[paymentId]/).
 */
export function PageSkeleton() {
  return (
    <div role="progressbar" aria-busy="true" aria-label="Loading" className="space-y-4">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-80" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

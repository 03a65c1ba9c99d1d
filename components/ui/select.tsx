import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-9 w-full rounded-md border border-border bg-background px-3 py-1 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary aria-[invalid=true]:border-destructive disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}

import type { ComponentProps } from "react";
import { cn } from "@/lib/ui/cn";

export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="w-full overflow-x-auto rounded-lg border border-border bg-background">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}
export const THead = ({ className, ...props }: ComponentProps<"thead">) => <thead className={cn("border-b border-border bg-muted/50", className)} {...props} />;
export const TBody = ({ className, ...props }: ComponentProps<"tbody">) => <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
export const Tr = ({ className, ...props }: ComponentProps<"tr">) => <tr className={cn("border-b border-border hover:bg-muted/40", className)} {...props} />;
export const Th = ({ className, ...props }: ComponentProps<"th">) => <th className={cn("h-10 px-3 text-left align-middle text-xs font-medium uppercase tracking-wide text-muted-foreground", className)} {...props} />;
export const Td = ({ className, ...props }: ComponentProps<"td">) => <td className={cn("px-3 py-2 align-middle", className)} {...props} />;

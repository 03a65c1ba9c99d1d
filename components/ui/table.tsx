import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

/** Hides a column below a screen width; its content then usually shows inside another cell. */
const hiddenBelow = {
  sm: "hidden sm:table-cell",
  md: "hidden md:table-cell",
  lg: "hidden lg:table-cell",
  xl: "hidden xl:table-cell",
  "2xl": "hidden 2xl:table-cell",
} as const;

/** A header cell: a label, or its details (`srOnly` for a column whose cells say what they are, e.g. action buttons). */
export type Column =
  | string
  | { label: string; hideBelow?: keyof typeof hiddenBelow; align?: "right"; srOnly?: boolean };

/** A table that scrolls sideways rather than overflow the page; `columns` renders its header row (`null` leaves a column out). */
export function Table({
  className,
  columns,
  children,
  ...props
}: ComponentProps<"table"> & { columns?: (Column | null)[] }) {
  return (
    <div className="w-full overflow-x-auto rounded-lg border border-border bg-background">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props}>
        {columns ? <TableHeader columns={columns} /> : null}
        {children}
      </table>
    </div>
  );
}

function TableHeader({ columns }: { columns: (Column | null)[] }) {
  return (
    <THead>
      <Tr>
        {columns.map((column) => {
          if (!column) return null;
          const { label, hideBelow, align, srOnly } = typeof column === "string" ? { label: column } : column;
          return (
            <Th
              key={label}
              className={cn(hideBelow && hiddenBelow[hideBelow], align === "right" && "text-right")}
            >
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </Th>
          );
        })}
      </Tr>
    </THead>
  );
}

export const THead = ({ className, ...props }: ComponentProps<"thead">) => (
  <thead className={cn("border-b border-border bg-muted/50", className)} {...props} />
);
export const TBody = ({ className, ...props }: ComponentProps<"tbody">) => (
  <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />
);
export const Tr = ({ className, ...props }: ComponentProps<"tr">) => (
  <tr className={cn("border-b border-border hover:bg-muted/40", className)} {...props} />
);
export const Th = ({ className, ...props }: ComponentProps<"th">) => (
  <th
    className={cn(
      "h-10 px-3 text-left align-middle text-xs font-medium uppercase tracking-wide text-muted-foreground",
      className,
    )}
    {...props}
  />
);
export const Td = ({ className, ...props }: ComponentProps<"td">) => (
  <td className={cn("px-3 py-2 align-middle", className)} {...props} />
);

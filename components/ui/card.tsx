import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("rounded-lg border border-border bg-background shadow-sm", className)} {...props} />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("space-y-1 p-6 pb-2", className)} {...props} />;
}

/** `as="h1"` where the card is the whole page (sign-in, sign-up, the other signed-out pages). */
export function CardTitle({
  className,
  as: Heading = "h2",
  ...props
}: ComponentProps<"h2"> & { as?: "h1" | "h2" }) {
  return <Heading className={cn("text-lg font-semibold", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-6 pt-2", className)} {...props} />;
}

/** The usual dashboard card: a title, what it holds (optional), links or buttons beside the title (optional), then its content. */
export function SectionCard({
  title,
  description,
  actions,
  contentClassName,
  children,
  ...props
}: Omit<ComponentProps<"div">, "title"> & {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  contentClassName?: string;
}) {
  return (
    <Card {...props}>
      <CardHeader
        className={actions ? "flex flex-row flex-wrap items-center justify-between gap-2" : undefined}
      >
        <CardTitle>{title}</CardTitle>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        {actions}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

import type { ReactNode } from "react";

/** A page section's title (the id its section is labelled by) and the sentence that says what it holds. */
export function SectionHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="max-w-2xl text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

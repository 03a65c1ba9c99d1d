"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";

/**
 * The frame of a merchant's destinations of one kind: its heading with the add button and its
 * dialog (for settlements.write; `add.form` is given the dialog's close), an empty state, and one
 * row per destination (`row` fills it), then `children` (other dialogs).
 */
export function SettlementList<T extends { id: string }>({
  kind,
  title,
  listLabel,
  add,
  empty,
  items,
  row,
  children,
}: {
  kind: "crypto" | "fiat";
  title: string;
  /** The list's accessible name. */
  listLabel: string;
  /** Absent for someone who may only read. */
  add: { label: string; title: string; description: string; form: (close: () => void) => ReactNode } | null;
  empty: { title: string; description: string };
  items: T[];
  row: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  const close = () => setAdding(false);
  return (
    <section aria-labelledby={`${kind}-heading`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${kind}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        {add ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            {add.label}
          </Button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState title={empty.title} description={empty.description} />
      ) : (
        <ul
          className="divide-y divide-border rounded-lg border border-border bg-background"
          aria-label={listLabel}
        >
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid={`${kind}-settlement`}
            >
              {row(item)}
            </li>
          ))}
        </ul>
      )}
      {add ? (
        <Dialog open={adding} onClose={close} title={add.title} description={add.description}>
          {add.form(close)}
        </Dialog>
      ) : null}
      {children}
    </section>
  );
}

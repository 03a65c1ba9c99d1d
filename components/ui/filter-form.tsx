import Form from "next/form";
import type { ReactNode } from "react";
import { Button } from "./button";

/** A GET form of filters and its Filter button: the filter lives in the URL, so a filtered view can be shared. */
export function FilterForm({ action, children }: { action: string; children: ReactNode }) {
  return (
    <Form action={action} className="flex flex-wrap items-end gap-2">
      {children}
      <Button type="submit" variant="outline">
        Filter
      </Button>
    </Form>
  );
}

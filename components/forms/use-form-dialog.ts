"use client";

import { useState } from "react";

/**
 * The state of a dialog holding a create form: whether it is open, and what the create returned
 * (a secret shown once, an invitation link). Closing resets the form and forgets what was created,
 * so a secret leaves memory for good.
 */
export function useFormDialog<Created = never>(form: { reset: () => void }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const close = () => {
    setOpen(false);
    setCreated(null);
    form.reset();
  };
  return { open, show: () => setOpen(true), created, setCreated, close };
}

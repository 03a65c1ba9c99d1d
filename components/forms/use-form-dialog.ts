"use client";

import { useState } from "react";

/**
 * The state of a dialog holding a create form: whether it is open, and what the create returned
 * (a secret shown once, an invitation link). Closing resets the form and forgets what was created,
 * so a secret leaves memory for good. While something created is on screen, Escape, the backdrop
 * or Cancel only ask first (`leaving`); the secret's own done button closes at once.
 */
export function useFormDialog<Created = never>(form: { reset: () => void }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [leaving, setLeaving] = useState(false);
  const close = () => {
    setOpen(false);
    setCreated(null);
    setLeaving(false);
    form.reset();
  };
  const dismiss = () => (created === null ? close() : setLeaving(true));
  return {
    open,
    show: () => setOpen(true),
    created,
    setCreated,
    close,
    dismiss,
    leaving,
    stay: () => setLeaving(false),
  };
}

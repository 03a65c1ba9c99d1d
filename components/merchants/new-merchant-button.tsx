"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { createMerchantAction } from "@/lib/platform/actions/merchants";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { Mode } from "@/lib/core/db";
import { MerchantForm } from "./merchant-form";

export function NewMerchantButton({ mode, label = "New merchant" }: { mode: Mode; label?: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="New merchant"
        description={`Creates a ${mode}-mode merchant. It receives payments and settles them to the destinations you add next.`}
      >
        <MerchantForm
          submitLabel="Create merchant"
          onSubmit={(values) => createMerchantAction({ ...values, mode })}
          onDone={(id) => {
            setOpen(false);
            router.push(`/${mode}/merchants/${id}`);
          }}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}

import Link from "next/link";
import { Button, buttonVariants } from "@/components/ui/button";
import type { Mode } from "@/lib/core/db";

/** In a dialog whose form needs a merchant, when the account has none yet: why, and the way to make one. */
export function MerchantRequired({
  mode,
  reason,
  onClose,
}: {
  mode: Mode;
  reason: string;
  onClose: () => void;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{reason}</p>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
        <Link href={`/${mode}/merchants`} className={buttonVariants()}>
          Go to Merchants
        </Link>
      </div>
    </div>
  );
}

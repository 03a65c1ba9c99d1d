import { Button } from "@/components/ui/button";

/** A form's Cancel and submit buttons, right-aligned; while the submission is pending both wait and the submit button says what it is doing. */
export function FormActions({
  onCancel,
  pending = false,
  submitLabel,
  pendingLabel = submitLabel,
  disabled = false,
}: {
  onCancel: () => void;
  pending?: boolean;
  submitLabel: string;
  pendingLabel?: string;
  /** The submit button stays disabled (nothing to submit yet) when true. */
  disabled?: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}

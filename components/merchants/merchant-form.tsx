"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { ReturnOriginsField } from "@/components/forms/return-origins-field";
import { CollectDataField } from "@/components/merchants/collect-data-field";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { ActionResult } from "@/lib/platform/actions/result";
import { accentPattern, textOnAccent } from "@/lib/domain/branding/accent-color";
import { CreateMerchantBodySchema, type CreateMerchantInput } from "@/lib/domain/schemas/merchant";

export type MerchantValues = {
  merchantName: string;
  merchantEmail: string;
  iconUrl?: string | null;
  accentColor?: string | null;
  supportContact?: string | null;
  underpaymentToleranceBps?: number;
  allowedReturnOrigins?: string[];
  collectData?: CreateMerchantInput["collectData"];
};

const optionalText = {
  setValueAs: (v: string | null | undefined) => (v ? v.trim() || undefined : undefined),
};

/** Name, email, checkout branding and payment rules of a merchant: the create and the edit dialog share it. */
export function MerchantForm({
  initial,
  submitLabel,
  onSubmit,
  onDone,
  onCancel,
}: {
  initial?: MerchantValues;
  submitLabel: string;
  onSubmit: (values: CreateMerchantInput) => Promise<ActionResult<{ id: string }>>;
  onDone: (id: string) => void;
  onCancel: () => void;
}) {
  const form = useForm<CreateMerchantInput>({
    resolver: zodResolver(CreateMerchantBodySchema),
    defaultValues: {
      merchantName: initial?.merchantName ?? "",
      merchantEmail: initial?.merchantEmail ?? "",
      iconUrl: initial?.iconUrl ?? undefined,
      accentColor: initial?.accentColor ?? undefined,
      supportContact: initial?.supportContact ?? undefined,
      underpaymentToleranceBps: initial?.underpaymentToleranceBps ?? 0,
      allowedReturnOrigins: initial?.allowedReturnOrigins ?? [],
      collectData: initial?.collectData ?? null,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const accent = useWatch({ control: form.control, name: "accentColor" })?.trim().toLowerCase();

  const submit = form.handleSubmit(async (values) => {
    const data = showActionResult(await onSubmit(values), {
      form,
      success: initial ? "Merchant saved" : "Merchant created",
    });
    if (data) onDone(data.id);
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        id="merchantName"
        label="Name"
        error={errors.merchantName?.message}
        autoFocus
        autoComplete="organization"
        {...form.register("merchantName")}
      />
      <TextField
        id="merchantEmail"
        label="Email"
        error={errors.merchantEmail?.message}
        type="email"
        autoComplete="email"
        {...form.register("merchantEmail")}
      />
      <TextField
        id="iconUrl"
        label="Icon URL (optional, https)"
        error={errors.iconUrl?.message}
        type="url"
        placeholder="https://shop.example/icon.png"
        {...form.register("iconUrl", optionalText)}
      />
      <FormField
        id="accentColor"
        label="Checkout accent colour (optional, #rrggbb)"
        error={errors.accentColor?.message}
      >
        <div className="flex items-center gap-2">
          <Input
            id="accentColor"
            placeholder="#4f46e5"
            autoComplete="off"
            spellCheck={false}
            className="min-w-0 flex-1 font-mono"
            aria-invalid={!!errors.accentColor}
            aria-describedby={errors.accentColor ? "accentColor-error" : "accentColor-hint"}
            {...form.register("accentColor", optionalText)}
          />
          {accent && accentPattern.test(accent) && (
            <span
              data-testid="accent-preview"
              className="inline-flex h-9 shrink-0 items-center rounded-md px-3 text-sm font-medium"
              style={{ background: accent, color: textOnAccent(accent) }}
            >
              Pay
            </span>
          )}
        </div>
      </FormField>
      <p id="accentColor-hint" className="text-xs text-muted-foreground">
        Colours the checkout&apos;s buttons; their text turns white or dark to stay readable.
      </p>
      <FormField
        id="supportContact"
        label="Support contact for buyers (optional)"
        error={errors.supportContact?.message}
      >
        <Input
          id="supportContact"
          placeholder="help@shop.example"
          autoComplete="off"
          aria-invalid={!!errors.supportContact}
          aria-describedby={errors.supportContact ? "supportContact-error" : "supportContact-hint"}
          {...form.register("supportContact", optionalText)}
        />
      </FormField>
      <p id="supportContact-hint" className="text-xs text-muted-foreground">
        An email address or an https:// link, shown on the checkout, payment link and receipt pages.
      </p>
      <FormField
        id="underpaymentToleranceBps"
        label="Underpayment tolerance (basis points, 100 = 1%)"
        error={errors.underpaymentToleranceBps?.message}
      >
        <Input
          id="underpaymentToleranceBps"
          type="number"
          inputMode="numeric"
          min={0}
          max={1000}
          aria-invalid={!!errors.underpaymentToleranceBps}
          aria-describedby={
            errors.underpaymentToleranceBps
              ? "underpaymentToleranceBps-error"
              : "underpaymentToleranceBps-hint"
          }
          {...form.register("underpaymentToleranceBps", {
            setValueAs: (v: string | number) => (v === "" ? undefined : Number(v)),
          })}
        />
      </FormField>
      <p id="underpaymentToleranceBps-hint" className="text-xs text-muted-foreground">
        A buyer who sends slightly less than quoted (a wallet rounding, a fee taken on the way) still pays,
        and the payment shows the shortfall. 0 accepts no shortfall.
      </p>
      <ReturnOriginsField
        id="allowedReturnOrigins"
        control={form.control}
        name="allowedReturnOrigins"
        error={errors.allowedReturnOrigins?.message}
      />
      <CollectDataField control={form.control} errors={errors} />
      <FormActions
        onCancel={onCancel}
        pending={isSubmitting}
        submitLabel={submitLabel}
        pendingLabel="Saving…"
      />
    </form>
  );
}

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { createFiatSettlementAction } from "@/lib/platform/actions/merchants";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { Mode } from "@/lib/core/db";
import {
  CreateFiatSettlementBodySchema,
  type CreateFiatSettlementInput,
} from "@/lib/domain/schemas/settlement";

type Values = {
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
  accountType: "checking" | "savings";
};

/** A US bank account (ACH). The routing number's check digit is verified as the user types. */
export function FiatSettlementForm({
  mode,
  merchantId,
  onDone,
}: {
  mode: Mode;
  merchantId: string;
  onDone: () => void;
}) {
  const form = useForm<Values, unknown, CreateFiatSettlementInput>({
    resolver: zodResolver(CreateFiatSettlementBodySchema),
    mode: "onTouched",
    defaultValues: { accountHolderName: "", routingNumber: "", accountNumber: "", accountType: "checking" },
  });
  const { errors, isSubmitting } = form.formState;
  const freshAuth = useFreshAuth(mode);

  const submit = form.handleSubmit(async (values) => {
    const data = showActionResult(
      await freshAuth.run(() => createFiatSettlementAction({ ...values, merchantId, mode })),
      { form, success: "Bank account added" },
    );
    if (data) {
      // The full number leaves the page; from now on it is shown as its last four digits.
      form.reset();
      onDone();
    }
  });

  const field = (name: "accountHolderName" | "routingNumber" | "accountNumber") => ({
    id: name,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <>
      {freshAuth.dialog}
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="accountHolderName" label="Account holder" error={errors.accountHolderName?.message}>
          <Input autoFocus autoComplete="off" {...field("accountHolderName")} />
        </FormField>
        <FormField id="routingNumber" label="Routing number (ABA)" error={errors.routingNumber?.message}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            className="font-mono"
            placeholder="9 digits"
            {...field("routingNumber")}
          />
        </FormField>
        <FormField id="accountNumber" label="Account number" error={errors.accountNumber?.message}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={17}
            className="font-mono"
            placeholder="4 to 17 digits"
            {...field("accountNumber")}
          />
        </FormField>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">Account type</legend>
          <div className="flex gap-4">
            {(["checking", "savings"] as const).map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={type}
                  className="size-4 accent-primary"
                  {...form.register("accountType")}
                />
                {type === "checking" ? "Checking" : "Savings"}
              </label>
            ))}
          </div>
          {errors.accountType ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.accountType.message}
            </p>
          ) : null}
        </fieldset>
        <FormActions
          onCancel={onDone}
          pending={isSubmitting}
          submitLabel="Add bank account"
          pendingLabel="Adding…"
        />
      </form>
    </>
  );
}

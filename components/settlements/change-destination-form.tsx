"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type Resolver } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { changeCryptoDestinationAction } from "@/lib/platform/actions/merchants";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { validateSettlement } from "@/lib/core/caip/caip";
import type { Mode } from "@/lib/core/db";
import { ChangeCryptoDestinationBodySchema } from "@/lib/domain/schemas/settlement";
import { describeAsset, qualifyDestination } from "./describe";
import type { CryptoSettlementItem } from "./crypto-settlements-section";

type Values = { destination: string };
type Output = { destination: string };
const schemaResolver = zodResolver(ChangeCryptoDestinationBodySchema);

/** Points a crypto settlement at another wallet; the user confirms it is them (fresh re-authentication). */
export function ChangeDestinationForm({
  mode,
  merchantId,
  settlement,
  onDone,
}: {
  mode: Mode;
  merchantId: string;
  settlement: CryptoSettlementItem;
  onDone: () => void;
}) {
  const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
    const destination = qualifyDestination(settlement.asset, values.destination);
    const result = await schemaResolver({ ...values, destination }, context, options as never);
    const check = validateSettlement(settlement.asset, destination);
    const problem =
      !check.ok && check.field === "destination"
        ? check.error
        : result.values?.destination === settlement.destination
          ? "This is already the destination. Enter a different wallet."
          : null;
    if (problem && !result.errors.destination)
      return {
        values: {},
        errors: { ...result.errors, destination: { type: "validate", message: problem } },
      } as never;
    return result as never;
  };
  const form = useForm<Values, unknown, Output>({
    resolver,
    mode: "onChange",
    defaultValues: { destination: settlement.destination },
  });
  const { errors, isSubmitting } = form.formState;
  const freshAuth = useFreshAuth(mode);

  const submit = form.handleSubmit(async (values) => {
    const result = await freshAuth.run(() =>
      changeCryptoDestinationAction({ ...values, merchantId, settlementId: settlement.id, mode }),
    );
    if (showActionResult(result, { form, success: `${describeAsset(settlement.asset)} destination changed` }))
      onDone();
  });

  return (
    <>
      {freshAuth.dialog}
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          id="new-destination"
          label="New destination wallet"
          error={errors.destination?.message}
          autoFocus
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          {...form.register("destination")}
        />
        <FormActions
          onCancel={onDone}
          pending={isSubmitting}
          submitLabel="Change destination"
          pendingLabel="Saving…"
        />
      </form>
    </>
  );
}

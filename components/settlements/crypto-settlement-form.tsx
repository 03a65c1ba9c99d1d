"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { TextField } from "@/components/forms/text-field";
import { registerCryptoSettlementsAction } from "@/lib/platform/actions/merchants";
import { useFreshAuth } from "@/components/auth/use-fresh-auth";
import { showActionResult } from "@/components/forms/action-feedback";
import { FormActions } from "@/components/forms/form-actions";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { knownAssets, networkName, networks } from "@/lib/core/money/assets";
import { canonicalAccountId, formatAccountId, validateSettlement } from "@/lib/core/caip/caip";
import type { Mode } from "@/lib/core/db";
import {
  RegisterCryptoSettlementsBodySchema,
  type RegisterCryptoSettlementsInput,
} from "@/lib/domain/schemas/settlement";
import { assetChain, describeAsset, qualifyDestination } from "./describe";
import type { CryptoSettlementItem } from "./crypto-settlements-section";

type Values = { settlements: { asset: string; destination: string }[] };

const ASSET = "settlements.0.asset" as const;
const DESTINATION = "settlements.0.destination" as const;
const CUSTOM = "custom";
const schemaResolver = zodResolver(RegisterCryptoSettlementsBodySchema);

const findRegistered = (registered: CryptoSettlementItem[], asset: string) =>
  registered.find((s) => s.asset.toLowerCase() === asset.trim().toLowerCase());

/**
 * Registers one crypto destination. Checks what the server will check while the user types: the
 * CAIP ids, the EIP-55 checksum, that the wallet is on the asset's chain, and that the merchant
 * does not have the asset already (offering to change that one instead).
 */
export function CryptoSettlementForm({
  mode,
  merchantId,
  registered,
  onDone,
  onEditExisting,
}: {
  mode: Mode;
  merchantId: string;
  registered: CryptoSettlementItem[];
  onDone: () => void;
  onEditExisting: (settlement: CryptoSettlementItem) => void;
}) {
  const router = useRouter();
  const [choice, setChoice] = useState("");
  const [raised, setRaised] = useState<{ text: string; asset: string; destination: string } | null>(null);

  // A bare address becomes CAIP-10 on the asset's chain before the API's own schema checks it.
  const resolver: Resolver<Values, unknown, RegisterCryptoSettlementsInput> = async (
    values,
    context,
    options,
  ) => {
    const { asset, destination } = values.settlements[0] ?? { asset: "", destination: "" };
    const body = {
      settlements: [{ asset: asset.trim(), destination: qualifyDestination(asset, destination) }],
    };
    return (await schemaResolver(body, context, options as never)) as never;
  };

  const form = useForm<Values, unknown, RegisterCryptoSettlementsInput>({
    resolver,
    mode: "onChange",
    defaultValues: { settlements: [{ asset: "", destination: "" }] },
  });
  const { errors, isSubmitting } = form.formState;
  const [asset, destination] = useWatch({ control: form.control, name: [ASSET, DESTINATION] });
  const assetError = errors.settlements?.[0]?.asset?.message;
  const destinationError = errors.settlements?.[0]?.destination?.message;
  const existing = findRegistered(registered, asset);
  // A warning is about the values it was raised for: after any change the server is asked again.
  const warning = raised && raised.asset === asset && raised.destination === destination ? raised.text : null;
  const chain = assetChain(asset);
  const check = destination.trim()
    ? validateSettlement(asset.trim(), qualifyDestination(asset, destination))
    : null;
  const savedAs = check?.ok ? formatAccountId(canonicalAccountId(check.value.destination)) : null;

  const freshAuth = useFreshAuth(mode);

  const pick = (value: string) => {
    setChoice(value);
    form.setValue(ASSET, value === CUSTOM ? "" : value, {
      shouldValidate: value !== CUSTOM,
      shouldDirty: true,
    });
    if (form.getValues(DESTINATION)) void form.trigger(DESTINATION);
  };

  const submit = form.handleSubmit(async (body) => {
    if (existing) return;
    const confirmWarnings = !!warning;
    const result = await freshAuth.run(() =>
      registerCryptoSettlementsAction({ ...body, merchantId, mode, confirmWarnings }),
    );
    if (!result.ok && result.code === "confirmation_required") {
      setRaised({ text: result.error, asset, destination });
      return;
    }
    if (!result.ok && result.code === "settlement_asset_conflict") {
      // Someone registered it since this page loaded: show theirs and offer to edit it.
      form.setError(ASSET, { type: "server", message: result.error });
      router.refresh();
      return;
    }
    if (
      showActionResult(result, {
        form,
        success: `${describeAsset(body.settlements[0]!.asset)} destination added`,
      })
    )
      onDone();
  });

  return (
    <>
      {freshAuth.dialog}
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="asset-picker" label="Asset" error={choice === CUSTOM ? undefined : assetError}>
          <Select
            id="asset-picker"
            value={choice}
            onChange={(e) => pick(e.target.value)}
            aria-invalid={choice !== CUSTOM && !!assetError}
            aria-describedby={
              choice !== CUSTOM && assetError ? "asset-picker-error" : existing ? "asset-conflict" : undefined
            }
          >
            <option value="" disabled>
              Choose an asset…
            </option>
            {Object.entries(networks).map(([chainId, name]) => (
              <optgroup key={chainId} label={name}>
                {knownAssets
                  .filter((a) => a.chainId === chainId)
                  .map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.symbol} on {name}
                    </option>
                  ))}
              </optgroup>
            ))}
            <option value={CUSTOM}>Custom CAIP-19 asset id…</option>
          </Select>
        </FormField>
        {choice === CUSTOM ? (
          <TextField
            id="asset-custom"
            label="CAIP-19 asset id"
            error={assetError}
            autoFocus
            spellCheck={false}
            autoComplete="off"
            placeholder="eip155:8453/erc20:0x…"
            className="font-mono"
            {...form.register(ASSET, {
              onChange: () => form.getValues(DESTINATION) && void form.trigger(DESTINATION),
            })}
          />
        ) : null}
        {existing ? (
          <div
            id="asset-conflict"
            role="alert"
            className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <span>
              {describeAsset(existing.asset)} is already registered for this merchant, paid to{" "}
              <span className="break-all font-mono">{existing.destination}</span>.
            </span>
            <Button type="button" size="sm" variant="outline" onClick={() => onEditExisting(existing)}>
              Change that destination instead
            </Button>
          </div>
        ) : null}
        <FormField id="destination" label="Destination wallet" error={destinationError}>
          <Input
            id="destination"
            spellCheck={false}
            autoComplete="off"
            className="font-mono"
            placeholder={chain ? `0x… or ${chain}:0x…` : "0x… or eip155:<chain>:0x…"}
            aria-invalid={!!destinationError}
            aria-describedby={destinationError ? "destination-error" : "destination-hint"}
            {...form.register(DESTINATION)}
          />
        </FormField>
        <p id="destination-hint" className="text-xs text-muted-foreground">
          {savedAs ? (
            <>
              Will be saved as <span className="break-all font-mono">{savedAs}</span>
            </>
          ) : chain ? (
            `A CAIP-10 account id, or a bare address taken to be on ${networkName(chain)} (the asset's chain).`
          ) : (
            "A CAIP-10 account id on the asset's chain, or a bare address."
          )}
        </p>
        {warning ? (
          <div
            id="destination-warning"
            role="alert"
            className="space-y-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <p className="font-medium">Check before adding</p>
            <p className="break-words">{warning}</p>
            <p>If this is what you intend, add it anyway.</p>
          </div>
        ) : null}
        <FormActions
          onCancel={onDone}
          pending={isSubmitting}
          disabled={!!existing}
          submitLabel={warning ? "Add anyway" : "Add destination"}
          pendingLabel="Adding…"
        />
      </form>
    </>
  );
}

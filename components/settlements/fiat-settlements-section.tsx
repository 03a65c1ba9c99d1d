"use client";

import { deleteFiatSettlementAction } from "@/lib/platform/actions/merchants";
import { ConfirmActionButton } from "@/components/forms/confirm-action-button";
import { Badge } from "@/components/ui/badge";
import type { Mode } from "@/lib/core/db";
import type { FiatSettlementJson } from "@/lib/domain/schemas/settlement";
import { FiatSettlementForm } from "./fiat-settlement-form";
import { SettlementList } from "./settlement-list";

export const maskAccountNumber = (last4: string) => `••••${last4}`;

/** A merchant's bank (ACH) destinations, with account numbers only ever shown masked. */
export function FiatSettlementsSection({
  mode,
  merchantId,
  settlements,
  canWrite,
}: {
  mode: Mode;
  merchantId: string;
  settlements: FiatSettlementJson[];
  canWrite: boolean;
}) {
  return (
    <SettlementList
      kind="fiat"
      title="Bank accounts (ACH)"
      listLabel="Bank accounts"
      add={
        canWrite
          ? {
              label: "Add bank account",
              title: "Add a bank account",
              description:
                "US accounts only (ACH). The account number is stored encrypted and shown only as its last four digits.",
              form: (close) => <FiatSettlementForm mode={mode} merchantId={merchantId} onDone={close} />,
            }
          : null
      }
      empty={{
        title: "No bank accounts",
        description: "Add a US bank account to settle fiat payouts by ACH.",
      }}
      items={settlements}
      row={(s) => (
        <>
          <div className="space-y-1">
            <p className="font-medium">
              {s.accountHolderName} <Badge>{s.bankType}</Badge>
            </p>
            <p className="text-sm text-muted-foreground">
              {s.accountType === "savings" ? "Savings" : "Checking"}{" "}
              <span className="font-mono">{maskAccountNumber(s.accountNumberLast4)}</span> · routing{" "}
              <span className="font-mono">{s.routingNumber}</span>
            </p>
          </div>
          {canWrite ? (
            <ConfirmActionButton
              label="Remove"
              title={`Remove the account ${maskAccountNumber(s.accountNumberLast4)}?`}
              description="Payouts will no longer be sent to this bank account."
              confirmLabel="Remove bank account"
              action={() => deleteFiatSettlementAction({ merchantId, settlementId: s.id, mode })}
              success="Bank account removed"
            />
          ) : null}
        </>
      )}
    />
  );
}

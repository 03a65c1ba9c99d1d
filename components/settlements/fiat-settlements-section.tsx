"use client";

import { useState } from "react";
import { deleteFiatSettlementAction } from "@/lib/platform/actions/merchants";
import { showActionResult } from "@/components/forms/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import type { Mode } from "@/lib/core/db";
import type { FiatSettlementJson } from "@/lib/domain/schemas/settlement";
import { FiatSettlementForm } from "./fiat-settlement-form";

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
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="fiat-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="fiat-heading" className="text-lg font-semibold">
          Bank accounts (ACH)
        </h2>
        {canWrite ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            Add bank account
          </Button>
        ) : null}
      </div>
      {settlements.length === 0 ? (
        <EmptyState
          title="No bank accounts"
          description="Add a US bank account to settle fiat payouts by ACH."
        />
      ) : (
        <ul
          className="divide-y divide-border rounded-lg border border-border bg-background"
          aria-label="Bank accounts"
        >
          {settlements.map((s) => (
            <li
              key={s.id}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="fiat-settlement"
            >
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
                <ConfirmButton
                  label="Remove"
                  title={`Remove the account ${maskAccountNumber(s.accountNumberLast4)}?`}
                  description="Payouts will no longer be sent to this bank account."
                  confirmLabel="Remove bank account"
                  onConfirm={async () => {
                    if (
                      !showActionResult(
                        await deleteFiatSettlementAction({ merchantId, settlementId: s.id, mode }),
                        { success: "Bank account removed" },
                      )
                    )
                      return false;
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={adding}
        onClose={() => setAdding(false)}
        title="Add a bank account"
        description="US accounts only (ACH). The account number is stored encrypted and shown only as its last four digits."
      >
        <FiatSettlementForm mode={mode} merchantId={merchantId} onDone={() => setAdding(false)} />
      </Dialog>
    </section>
  );
}

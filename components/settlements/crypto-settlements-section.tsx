"use client";

import { useState } from "react";
import { deleteCryptoSettlementAction } from "@/lib/platform/actions/merchants";
import { ConfirmActionButton } from "@/components/forms/confirm-action-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import type { Mode } from "@/lib/core/db";
import { findKnownAsset } from "@/lib/core/money/assets";
import { ChangeDestinationForm } from "./change-destination-form";
import { CryptoSettlementForm } from "./crypto-settlement-form";
import { describeAsset } from "./describe";
import { SettlementList } from "./settlement-list";

/** `unverifiable`: why buyers are not offered this destination, when they are not. */
export type CryptoSettlementItem = {
  id: string;
  asset: string;
  destination: string;
  unverifiable?: string | null;
};

/** A merchant's crypto destinations: the list, and (for settlements.write) add, change and remove. */
export function CryptoSettlementsSection({
  mode,
  merchantId,
  settlements,
  canWrite,
}: {
  mode: Mode;
  merchantId: string;
  settlements: CryptoSettlementItem[];
  canWrite: boolean;
}) {
  const [editing, setEditing] = useState<CryptoSettlementItem | null>(null);

  return (
    <SettlementList
      kind="crypto"
      title="Crypto destinations"
      listLabel="Crypto destinations"
      add={
        canWrite
          ? {
              label: "Add crypto destination",
              title: "Add a crypto destination",
              description: "Pick the asset buyers pay in and the wallet that receives it.",
              form: (close) => (
                <CryptoSettlementForm
                  mode={mode}
                  merchantId={merchantId}
                  registered={settlements}
                  onDone={close}
                  onEditExisting={(existing) => {
                    close();
                    setEditing(existing);
                  }}
                />
              ),
            }
          : null
      }
      empty={{
        title: "No crypto destinations",
        description:
          "Buyers pay in one of these assets, straight to its wallet. Add USDC on Base to accept USD payments.",
      }}
      items={settlements}
      row={(s) => (
        <>
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {describeAsset(s.asset)}
              {findKnownAsset(s.asset) ? null : <CopyButton value={s.asset} label="Copy token id" />}
            </p>
            <p className="break-all font-mono text-xs text-muted-foreground">{s.destination}</p>
            {s.unverifiable ? (
              <p className="text-sm text-amber-900" data-testid="unverifiable-destination">
                <Badge tone="warning" className="mr-2">
                  Buyers cannot pay
                </Badge>
                {s.unverifiable}
              </p>
            ) : null}
          </div>
          {canWrite ? (
            <div className="flex shrink-0 gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEditing(s)}
                aria-label={`Change destination of ${describeAsset(s.asset)}`}
              >
                Change destination
              </Button>
              <ConfirmActionButton
                label="Remove"
                title={`Remove ${describeAsset(s.asset)}?`}
                description="Buyers can no longer pay this merchant in this asset. Past payments keep their record of it."
                confirmLabel="Remove destination"
                action={() => deleteCryptoSettlementAction({ merchantId, settlementId: s.id, mode })}
                success="Destination removed"
              />
            </div>
          ) : null}
        </>
      )}
    >
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Change the ${describeAsset(editing.asset)} destination` : "Change destination"}
        description="Payments in this asset will go to the new wallet. Confirm with your password; the change is recorded in the audit log."
      >
        {editing ? (
          <ChangeDestinationForm
            key={editing.id}
            mode={mode}
            merchantId={merchantId}
            settlement={editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </SettlementList>
  );
}

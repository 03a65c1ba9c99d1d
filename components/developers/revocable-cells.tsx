import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format-date";
import { Td } from "@/components/ui/table";

/**
 * The last cells of a credential's row (an API key, a public App-Id): its status, and, for a viewer
 * who may manage it (`revoke` given), the button that revokes it while it is active.
 */
export function RevocableCells({ revokedAt, revoke }: { revokedAt: Date | null; revoke: ReactNode | false }) {
  return (
    <>
      <Td>
        {revokedAt ? (
          <Badge tone="danger" title={`Revoked ${formatDateTime(revokedAt)}`}>
            Revoked
          </Badge>
        ) : (
          <Badge tone="success">Active</Badge>
        )}
      </Td>
      {revoke === false ? null : <Td className="relative text-right">{revokedAt ? null : revoke}</Td>}
    </>
  );
}

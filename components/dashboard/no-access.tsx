import type { Role } from "@/lib/core/db";
import { EmptyState } from "@/components/ui/empty-state";

export function NoAccess({ role }: { role: Role }) {
  return (
    <EmptyState
      title="You don't have access to this page"
      description={`Your role is ${role}. Ask an owner or admin of the account if you need it.`}
    />
  );
}

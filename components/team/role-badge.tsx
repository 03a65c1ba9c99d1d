import { Badge } from "@/components/ui/badge";
import type { Role } from "@/lib/core/db";

const tones: Record<Role, "info" | "success" | "warning" | "neutral"> = {
  owner: "info",
  admin: "info",
  developer: "success",
  support: "warning",
  viewer: "neutral",
};

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={tones[role]}>{role}</Badge>;
}

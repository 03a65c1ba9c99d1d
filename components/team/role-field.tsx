import type { ComponentProps } from "react";
import { FormField } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { roleDescriptions } from "@/lib/domain/permissions/permissions";
import type { Role } from "@/lib/core/db";

/** A "Role" field offering `roles`, with what the chosen `role` may do written under it. */
export function RoleField({
  id,
  roles,
  role,
  error,
  ...select
}: { id: string; roles: Role[]; role: Role; error?: string } & ComponentProps<"select">) {
  return (
    <>
      <FormField id={id} label="Role" error={error}>
        <Select id={id} aria-describedby={`${id}-hint`} {...select}>
          {roles.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Select>
      </FormField>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {roleDescriptions[role]}
      </p>
    </>
  );
}

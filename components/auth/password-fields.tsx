import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/** What a new password must be, under its field (the same rule `NewPassword` checks). */
export function NewPasswordHint() {
  return (
    <p className="text-xs text-muted-foreground">
      At least 10 characters. A passphrase of a few words is easy to remember and hard to guess.
    </p>
  );
}

/** The login a password belongs to, shown read-only (and given to password managers as the username). */
export function ReadOnlyEmailField({ email }: { email: string }) {
  return (
    <FormField id="email" label="Email">
      <Input
        id="email"
        type="email"
        value={email}
        autoComplete="username"
        readOnly
        aria-readonly
        className="bg-muted"
      />
    </FormField>
  );
}

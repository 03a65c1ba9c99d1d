"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { TextField } from "@/components/forms/text-field";
import { ReadOnlyEmailField } from "@/components/auth/password-fields";
import { showActionResult } from "@/components/forms/action-feedback";
import { Button } from "@/components/ui/button";
import { signInErrorMessage } from "@/lib/domain/auth/sign-in-errors";
import { ConfirmJoinInputSchema } from "@/lib/domain/schemas/auth";
import { confirmJoinAction } from "@/lib/platform/actions/team";

export function ConfirmJoinForm({
  token,
  email,
  accountName,
}: {
  token: string;
  email: string;
  accountName: string;
}) {
  const router = useRouter();
  const form = useForm({
    resolver: zodResolver(ConfirmJoinInputSchema),
    defaultValues: { token, password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!showActionResult(await confirmJoinAction(values), { form })) return;
    const result = await signIn("credentials", { email, password: values.password, redirect: false });
    if (!result || result.error) {
      toast.error(`You joined the team, but signing in failed: ${signInErrorMessage(result?.error ?? "")}`);
      router.replace("/sign-in");
      return;
    }
    router.replace("/test");
    router.refresh();
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <ReadOnlyEmailField email={email} />
      <TextField
        id="password"
        label="The password you chose"
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        autoFocus
        {...form.register("password")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Joining…" : `Join ${accountName}`}
      </Button>
    </form>
  );
}

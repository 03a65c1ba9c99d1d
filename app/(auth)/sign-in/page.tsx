import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { currentViewer } from "@/lib/domain/auth/session";
import { safeRedirectPath } from "@/lib/domain/auth/safe-redirect";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string }>;
}) {
  const { callbackUrl } = await searchParams;
  const next = safeRedirectPath(callbackUrl);
  if (await currentViewer()) redirect(next);
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <p className="text-sm font-semibold text-primary">Tollgate</p>
          <CardTitle as="h1">Sign in to your account</CardTitle>
        </CardHeader>
        <CardContent>
          <SignInForm next={next} />
          <p className="mt-4 text-center text-sm">
            <Link
              href="/forgot-password"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </p>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            New to Tollgate?{" "}
            <Link href="/sign-up" className="font-medium text-primary underline-offset-4 hover:underline">
              Create an account
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}

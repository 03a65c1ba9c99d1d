import Link from "next/link";
import { redirect } from "next/navigation";
import { buttonVariants } from "@/components/ui/button";
import { currentViewer } from "@/lib/domain/auth/session";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  if (await currentViewer()) redirect("/test");
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-8 px-6 py-16">
      <div className="space-y-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">Tollgate</p>
        <h1 className="text-4xl font-bold tracking-tight">
          Accept wallet payments. Settle where you choose.
        </h1>
        <p className="text-lg text-muted-foreground">
          Create a payment with one API call, send your buyer to a hosted checkout that works inside any
          wallet app, and poll its status until it is final. Test mode and live mode share one API; your key
          picks the mode.
        </p>
      </div>
      <div className="flex gap-3">
        <Link href="/sign-in" className={buttonVariants({ size: "lg" })}>
          Sign in
        </Link>
      </div>
    </main>
  );
}

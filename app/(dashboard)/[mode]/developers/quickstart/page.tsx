import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/developers/api-reference";
import { CodeBlock } from "@/components/developers/code-block";
import { referenceGroups, type OpenApiDocument } from "@/components/developers/openapi-reference";
import { quickstartSteps } from "@/components/developers/quickstart-steps";
import { NoAccess } from "@/components/dashboard/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { SectionHeading } from "@/components/ui/section-heading";
import { buildOpenApi } from "@/lib/platform/api/openapi";
import { operations } from "@/lib/platform/api/operations";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { publicBaseUrl } from "@/lib/core/config/env";

export const metadata: Metadata = { title: "Quickstart" };

export default async function QuickstartPage({ params }: { params: Promise<{ mode: string }> }) {
  const { viewer, mode, allowed } = await dashboardPage(params, "account.read");
  if (!allowed) return <NoAccess role={viewer.role} />;
  const baseUrl = publicBaseUrl();
  const steps = quickstartSteps(baseUrl, mode);
  const groups = referenceGroups(buildOpenApi(operations, baseUrl) as OpenApiDocument);

  return (
    <div className="space-y-10">
      <div className="space-y-6">
        <PageHeader
          title="Quickstart"
          description={
            <>
              From nothing to a {mode === "test" ? "simulated" : "live"} payment with curl, against{" "}
              <code className="font-mono">{baseUrl}</code>.
            </>
          }
        />
        <ol className="space-y-6 break-words">
          <li className="space-y-2">
            <h2 className="font-semibold">0. Put your {mode} key in the environment</h2>
            <p className="text-sm text-muted-foreground">
              Create one under{" "}
              <Link href={`/${mode}/developers`} className="text-primary underline underline-offset-4">
                API keys
              </Link>
              . Keys starting <code className="font-mono">svc_{mode}_</code> work only on {mode} data.
            </p>
            <CodeBlock
              label="Set your key"
              code={`export TOLLGATE_API_KEY=svc_${mode}_your_key_here`}
              testId="step-key"
            />
          </li>
          {steps.map((step, index) => (
            <li key={step.id} className="space-y-2">
              <h2 className="font-semibold">
                {index + 1}. {step.title}
              </h2>
              <p className="text-sm text-muted-foreground">{step.description}</p>
              <CodeBlock label={step.title} code={step.code} testId={`step-${step.id}`} />
              {step.then ? <p className="text-sm text-muted-foreground">{step.then}</p> : null}
            </li>
          ))}
        </ol>
        {mode === "live" ? (
          <p className="rounded-md border border-border bg-background px-3 py-2 text-sm">
            In live mode the buyer pays on the gateway page with a real wallet; the payment succeeds once
            Tollgate has verified the transfer on-chain. Try the flow in test mode first.
          </p>
        ) : null}
      </div>

      <section aria-labelledby="reference-heading" className="space-y-4">
        <SectionHeading id="reference-heading" title="API reference">
          Generated from the same definitions that validate requests; the machine-readable document is at{" "}
          <a href="/v1/openapi.json" className="font-mono text-primary underline underline-offset-4">
            /v1/openapi.json
          </a>
          .
        </SectionHeading>
        <ApiReference groups={groups} />
      </section>
    </div>
  );
}

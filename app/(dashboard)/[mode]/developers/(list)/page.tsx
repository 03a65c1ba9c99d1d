import type { Metadata } from "next";
import { NoAccess } from "@/components/dashboard/no-access";
import { Relayers } from "@/components/developers/relayers";
import { RevocableCells } from "@/components/developers/revocable-cells";
import { SponsoredGas } from "@/components/developers/sponsored-gas";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import { SectionHeading } from "@/components/ui/section-heading";
import { listApiKeys } from "@/lib/domain/api-keys/list-api-keys";
import { grantableApiPermissions } from "@/lib/domain/permissions/api-key-permissions";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can } from "@/lib/domain/permissions/permissions";
import { db } from "@/lib/core/db";
import { formatDateTime } from "@/components/ui/format-date";
import { listPublicApps } from "@/lib/domain/public-apps/list-public-apps";
import { CreateApiKeyButton } from "../create-api-key-button";
import { CreatePublicAppButton } from "../create-public-app-button";
import { RevokeApiKeyButton, RevokePublicAppButton } from "../revoke-buttons";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage({ params }: { params: Promise<{ mode: string }> }) {
  const { viewer, mode, scope, allowed } = await dashboardPage(params, "account.read");
  if (!allowed) return <NoAccess role={viewer.role} />;
  const manage = can(viewer.role, "api_keys.manage");
  const keys = await listApiKeys(db(), scope);
  const apps = await listPublicApps(db(), scope);
  const modeName = mode === "test" ? "test" : "live";

  return (
    <div className="space-y-10">
      <section aria-label="API keys" className="space-y-4">
        <PageHeader
          title="API keys"
          description={
            <>
              Secret keys for calling the API from your server, in {modeName} mode (they start with{" "}
              <code className="font-mono">svc_{modeName}_</code>). A key is shown in full only once, when it
              is created.
            </>
          }
          actions={
            manage ? (
              <CreateApiKeyButton
                mode={mode}
                role={viewer.role}
                grantable={grantableApiPermissions(viewer.role)}
              />
            ) : null
          }
        />
        {keys.length === 0 ? (
          <EmptyState
            title={`No ${modeName} API keys yet`}
            description={
              manage
                ? "Create one to start calling the API."
                : "Ask a developer, admin or owner to create one."
            }
          />
        ) : (
          <Table
            columns={[
              "Name",
              { label: "Key", hideBelow: "md" },
              { label: "Created by", hideBelow: "2xl" },
              { label: "Created", hideBelow: "xl" },
              { label: "Last used", hideBelow: "xl" },
              "Status",
              manage ? { label: "Actions", align: "right" } : null,
            ]}
          >
            <TBody>
              {keys.map((key) => (
                <Tr key={key.id} data-testid={`api-key-${key.id}`}>
                  <Td>
                    <div className="font-medium [overflow-wrap:anywhere]">{key.name}</div>
                    {/* What the hidden columns would say, while the screen is too narrow for them. */}
                    <div className="space-y-0.5 text-xs text-muted-foreground 2xl:hidden">
                      <div className="font-mono text-foreground md:hidden">{key.masked}</div>
                      <div className="xl:hidden">
                        Created {formatDateTime(key.createdAt)} ·{" "}
                        {key.lastUsedAt ? `used ${formatDateTime(key.lastUsedAt)}` : "never used"}
                      </div>
                      <div className="[overflow-wrap:anywhere]">By {key.createdBy}</div>
                    </div>
                    <div className="text-xs text-muted-foreground" data-testid="api-key-access">
                      {key.access}
                    </div>
                  </Td>
                  <Td className="hidden whitespace-nowrap font-mono text-xs md:table-cell">{key.masked}</Td>
                  <Td className="hidden text-muted-foreground 2xl:table-cell">
                    <span className="block max-w-48 truncate" title={key.createdBy}>
                      {key.createdBy}
                    </span>
                  </Td>
                  <Td className="hidden whitespace-nowrap text-muted-foreground xl:table-cell">
                    {formatDateTime(key.createdAt)}
                  </Td>
                  <Td className="hidden whitespace-nowrap text-muted-foreground xl:table-cell">
                    {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never"}
                  </Td>
                  <RevocableCells
                    revokedAt={key.revokedAt}
                    revoke={
                      manage && <RevokeApiKeyButton mode={mode} apiKey={{ id: key.id, name: key.name }} />
                    }
                  />
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>

      {mode === "live" ? <Relayers /> : null}
      {mode === "live" ? <SponsoredGas scope={scope} /> : null}

      <section aria-labelledby="apps-heading" className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <SectionHeading id="apps-heading" title="Public App-Ids">
            For wallet and mobile apps: sent as <code className="font-mono">App-Id</code> with a{" "}
            <code className="font-mono">Client-Id</code>, an App-Id may only read payment status. It is not a
            secret, so it is always shown in full.
          </SectionHeading>
          {manage ? <CreatePublicAppButton mode={mode} /> : null}
        </div>
        {apps.length === 0 ? (
          <EmptyState
            title={`No ${modeName} App-Ids`}
            description="Create one if a wallet or mobile app needs to check payment status without a secret key."
          />
        ) : (
          <Table
            columns={[
              "Name",
              "App-Id",
              { label: "Created", hideBelow: "md" },
              "Status",
              manage ? { label: "Actions", align: "right" } : null,
            ]}
          >
            <TBody>
              {apps.map((app) => (
                <Tr key={app.id} data-testid={`public-app-${app.id}`}>
                  <Td className="font-medium">{app.name}</Td>
                  <Td className="break-all font-mono text-xs">
                    {app.id}
                    {app.allowedReturnOrigins.length ? (
                      <span className="mt-1 block font-sans text-muted-foreground">
                        Returns to {app.allowedReturnOrigins.join(", ")}
                      </span>
                    ) : null}
                  </Td>
                  <Td className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                    {formatDateTime(app.createdAt)}
                  </Td>
                  <RevocableCells
                    revokedAt={app.revokedAt}
                    revoke={
                      manage && <RevokePublicAppButton mode={mode} app={{ id: app.id, name: app.name }} />
                    }
                  />
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>
    </div>
  );
}

import type { Metadata } from "next";
import { NoAccess } from "@/components/dashboard/no-access";
import { RoleBadge } from "@/components/team/role-badge";
import { Badge } from "@/components/ui/badge";
import { SectionCard } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Tr } from "@/components/ui/table";
import { dashboardPage } from "@/lib/domain/auth/dashboard-page";
import { can, roleDescriptions, roles } from "@/lib/domain/permissions/permissions";
import { db } from "@/lib/core/db";
import { DateTime } from "@/components/payments/date-time";
import { listTeam } from "@/lib/domain/team/list-team";
import { InvitationActions } from "./invitation-actions";
import { InviteMemberButton } from "./invite-member-button";
import { MemberActions } from "./member-actions";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage({ params }: { params: Promise<{ mode: string }> }) {
  const { viewer, mode, allowed } = await dashboardPage(params, "account.read");
  if (!allowed) return <NoAccess role={viewer.role} />;
  const manage = can(viewer.role, "team.manage");
  const { members, invitations } = await listTeam(db(), viewer.account.id);
  const ownerCount = members.filter((m) => m.role === "owner").length;
  const now = new Date();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Team"
        description={`People who can sign in to ${viewer.account.name}. A role applies in both test and live mode.`}
        actions={
          manage ? (
            <InviteMemberButton
              mode={mode}
              grantableRoles={viewer.role === "owner" ? [...roles] : roles.filter((r) => r !== "owner")}
            />
          ) : null
        }
      />

      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="text-lg font-semibold">
          Members <span className="text-sm font-normal text-muted-foreground">({members.length})</span>
        </h2>
        <Table
          columns={[
            "Member",
            { label: "Role", hideBelow: "md" },
            { label: "Joined", hideBelow: "md" },
            { label: "Last sign-in", hideBelow: "md" },
            manage ? { label: "Actions", align: "right" } : null,
          ]}
        >
          <TBody>
            {members.map((member) => {
              const isSelf = member.user.id === viewer.user.id;
              const lastOwner = member.role === "owner" && ownerCount <= 1;
              const protectedOwner = member.role === "owner" && viewer.role !== "owner";
              return (
                <Tr
                  key={member.id}
                  data-testid={`member-${member.user.email}`}
                  data-membership-id={member.id}
                >
                  <Td>
                    <div className="font-medium">
                      {member.user.name}{" "}
                      {isSelf ? (
                        <span className="text-xs font-normal text-muted-foreground">(you)</span>
                      ) : null}
                    </div>
                    <div className="break-all text-xs text-muted-foreground md:break-normal">
                      {member.user.email}
                    </div>
                    <div className="mt-1 md:hidden">
                      <RoleBadge role={member.role} />
                    </div>
                  </Td>
                  <Td className="hidden md:table-cell">
                    <RoleBadge role={member.role} />
                  </Td>
                  <Td className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                    <DateTime value={member.createdAt} />
                  </Td>
                  <Td className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                    {member.user.lastLoginAt ? <DateTime value={member.user.lastLoginAt} /> : "Never"}
                  </Td>
                  {manage ? (
                    <Td className="relative text-right">
                      <MemberActions
                        mode={mode}
                        member={{
                          id: member.id,
                          name: member.user.name,
                          email: member.user.email,
                          role: member.role,
                        }}
                        grantableRoles={
                          viewer.role === "owner" ? [...roles] : roles.filter((r) => r !== "owner")
                        }
                        locked={
                          protectedOwner
                            ? "Only an owner can change or remove an owner."
                            : lastOwner
                              ? "The only owner cannot be demoted or removed. Make someone else an owner first."
                              : null
                        }
                      />
                    </Td>
                  ) : null}
                </Tr>
              );
            })}
          </TBody>
        </Table>
      </section>

      {manage ? (
        <section aria-labelledby="invitations-heading" className="space-y-3">
          <h2 id="invitations-heading" className="text-lg font-semibold">
            Pending invitations
          </h2>
          {invitations.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border bg-background px-4 py-6 text-center text-sm text-muted-foreground">
              No pending invitations. Invite someone with the button above; you will get a link to send them.
            </p>
          ) : (
            <Table
              columns={[
                "Email",
                "Role",
                { label: "Invited", hideBelow: "md" },
                "Expires",
                { label: "Actions", align: "right" },
              ]}
            >
              <TBody>
                {invitations.map((invitation) => (
                  <Tr key={invitation.id} data-testid={`invitation-${invitation.email}`}>
                    <Td className="break-all md:break-normal">{invitation.email}</Td>
                    <Td>
                      <RoleBadge role={invitation.role} />
                    </Td>
                    <Td className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                      <DateTime value={invitation.createdAt} />
                    </Td>
                    <Td className="whitespace-nowrap text-muted-foreground">
                      {invitation.expiresAt <= now ? (
                        <Badge tone="danger">Expired</Badge>
                      ) : (
                        <DateTime value={invitation.expiresAt} />
                      )}
                    </Td>
                    <Td className="relative text-right">
                      <InvitationActions
                        mode={mode}
                        invitation={{ id: invitation.id, email: invitation.email }}
                      />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </section>
      ) : null}

      <SectionCard title="What each role can do">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {roles.map((role) => (
            <div key={role} className="space-y-1">
              <dt>
                <RoleBadge role={role} />
              </dt>
              <dd className="text-muted-foreground">{roleDescriptions[role]}</dd>
            </div>
          ))}
        </dl>
      </SectionCard>
    </div>
  );
}

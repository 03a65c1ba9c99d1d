"use client";

import { showActionResult } from "@/components/forms/action-feedback";
import { Badge } from "@/components/ui/badge";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { Mode } from "@/lib/core/db";
import { signOutSessionsAction } from "@/lib/platform/actions/security";
import { DeviceList, DeviceRow } from "./device-list";

export type SessionItem = {
  id: string;
  device: string;
  ipAddress: string | null;
  current: boolean;
  signedIn: string;
  lastSeen: string;
};

/** The viewer's sessions, this device first; each other one can be signed out, or all of them at once. */
export function SessionList({ mode, sessions }: { mode: Mode; sessions: SessionItem[] }) {
  const others = sessions.filter((s) => !s.current);
  const signOut = async (ids: string[], success: string) =>
    !!showActionResult(await signOutSessionsAction({ sessionIds: ids, mode }), { success });
  return (
    <div className="space-y-4">
      <DeviceList label="Active sessions">
        {sessions.map((session) => (
          <DeviceRow
            key={session.id}
            name={session.device}
            badge={session.current ? <Badge tone="success">This device</Badge> : null}
            detail={`${session.ipAddress ?? "Unknown address"} · signed in ${session.signedIn} · last seen ${session.lastSeen}`}
            action={
              session.current ? null : (
                <ConfirmButton
                  label={
                    <>
                      Sign out<span className="sr-only"> {session.device}</span>
                    </>
                  }
                  title={`Sign out ${session.device}?`}
                  description="That browser is signed out at once; its next page asks for the password again."
                  confirmLabel="Sign out"
                  onConfirm={() => signOut([session.id], `${session.device} was signed out`)}
                />
              )
            }
          />
        ))}
      </DeviceList>
      {others.length > 0 ? (
        <ConfirmButton
          label="Sign out all other sessions"
          title="Sign out all other sessions?"
          description={`${others.length} other session${others.length === 1 ? "" : "s"} end at once. This device stays signed in.`}
          confirmLabel="Sign out others"
          onConfirm={() =>
            signOut(
              others.map((s) => s.id),
              "Other sessions were signed out",
            )
          }
        />
      ) : (
        <p className="text-sm text-muted-foreground">No other sessions: you are signed in only here.</p>
      )}
    </div>
  );
}

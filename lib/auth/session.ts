import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { db, type Role } from "@/lib/db";
import { authOptions } from "./options";

export type Viewer = {
  user: { id: string; email: string; name: string };
  account: { id: string; name: string };
  role: Role;
};

/** The signed-in person and their account, read fresh from the database (roles can change mid-session). */
export async function currentViewer(): Promise<Viewer | null> {
  const session = await getServerSession(authOptions());
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId) return null;
  const membership = await db().membership.findFirst({
    where: { userId },
    orderBy: { createdAt: "asc" },
    include: { user: { select: { id: true, email: true, name: true } }, account: { select: { id: true, name: true } } },
  });
  if (!membership) return null;
  return { user: membership.user, account: membership.account, role: membership.role };
}

export async function requireViewer(): Promise<Viewer> {
  const viewer = await currentViewer();
  if (!viewer) redirect("/sign-in");
  return viewer;
}

import { and, eq, isNull, like } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { revokeLiveFeeds } from "../jobs/calendar-feeds.server";
import { session, staffInvitations, verification } from "./accounts-schema.server";

type Tx = Pick<Database, "delete" | "update">;

export type EndedAccess = { sessions: number; feeds: number; invitations: number; resetLinks: number };

/**
 * Disabling an account or taking its role away ends everything it could still use (issue 28),
 * in the caller's transaction: its sessions, its calendar feeds, the invitations pending for its
 * address, and its password-reset links (better-auth keeps each in `verification` as
 * identifier "reset-password:<token>", value the user's id). E-mail verification links are
 * signed, not stored: nothing to delete, and proving an address gives a disabled account nothing.
 */
export async function endAccess(tx: Tx, account: { id: string; email: string }, now = new Date()): Promise<EndedAccess> {
  const sessions = await tx.delete(session).where(eq(session.userId, account.id)).returning({ id: session.id });
  const feeds = await revokeLiveFeeds(tx, account.id, now);
  const invitations = await tx
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(eq(staffInvitations.email, account.email.toLowerCase()), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .returning({ id: staffInvitations.id });
  const resetLinks = await tx
    .delete(verification)
    .where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, account.id)))
    .returning({ id: verification.id });
  return { sessions: sessions.length, feeds: feeds.length, invitations: invitations.length, resetLinks: resetLinks.length };
}

/** How the audit line names what endAccess ended: the sessions always, the rest when there was any. */
export function endedFields(ended: EndedAccess): Record<string, number> {
  const fields: Record<string, number> = { sesionesCerradas: ended.sessions };
  if (ended.feeds) fields.calendariosRevocados = ended.feeds;
  if (ended.invitations) fields.invitacionesAnuladas = ended.invitations;
  if (ended.resetLinks) fields.enlacesDeContrasenaAnulados = ended.resetLinks;
  return fields;
}

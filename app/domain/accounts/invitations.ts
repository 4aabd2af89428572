import { z } from "zod";

/*
 * Technicians' invitations (issue 28): the link /invitacion/<token> works once, for 72 hours.
 * The forms of the technicians' screen and of the invitation page.
 */

export const INVITATION_HOURS = 72;

/** The token in the link: 32 random bytes, base64url. */
export const INVITATION_TOKEN = /^[A-Za-z0-9_-]{40,60}$/;

/** "Reenviar" and "Anular" on the technicians' screen. */
export const invitationChangeSchema = z.object({
  intent: z.enum(["invitation-resend", "invitation-revoke"]),
  invitationId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** What the invitation page shows: the answers of the loader that are not an error page. */
export type InvitationStep =
  /** No account of that e-mail: choose a password. */
  | { kind: "new"; email: string; name: string }
  /** An account of that e-mail exists and this visitor is not signed in as it. */
  | { kind: "sign-in"; email: string; signedInAs: string | null }
  /** Signed in as that account: "Aceptar la invitación". */
  | { kind: "accept"; email: string; name: string };

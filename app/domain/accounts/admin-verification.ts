import type { AuthNotice } from "./auth-messages";

/** The account page's "Enviar el enlace otra vez" (issue 28), posted to /login with this intent. */
export const RESEND_VERIFICATION = "verify-admin";

export type VerificationReply = { intent: typeof RESEND_VERIFICATION; notice: AuthNotice };

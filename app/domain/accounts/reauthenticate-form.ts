import { z } from "zod";

/*
 * The confirm-your-password form of the factor management pages (issue 28): the session has not
 * proved its owner in the last 5 minutes. It posts to the page's own action with this intent;
 * app/server/accounts/fresh-authentication.server.ts checks it, app/ui/accounts/reauthenticate-form.tsx draws it.
 */
export const REAUTH_INTENT = "reautenticar";

export const reauthenticateFormSchema = z.object({
  intent: z.literal(REAUTH_INTENT),
  password: z.string().max(200),
});

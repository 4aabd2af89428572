import { config } from "../config.server";

/*
 * Who is staff, from the account's own facts (issues 11, 17 and 28). Apart from
 * admin-access.server.ts, which reads sessions through better-auth, so that better-auth's
 * own hooks (auth.server.ts) can ask it without importing better-auth back
 * (docs/decisions/0026-schema-by-area.md).
 */

/** The address is in ADMIN_EMAILS (whoever holds the account: see isAdminAccount for who is one). */
export function isListedAdmin(email: string): boolean {
  return config().ADMIN_EMAILS.includes(email.trim().toLowerCase());
}

/** What decides an account's role; emailVerified is required so that no caller forgets it. */
export type RoleFacts = { email: string; role?: string | null; emailVerified: boolean | null | undefined };

/**
 * A listed address makes an administrator only once its owner proved it (issue 28: whoever
 * registered the address first would otherwise be the owner): a verification link opened, a
 * completed password reset or a Google sign-in. The role granted from the back office needs a
 * proven address when it is granted (customer-changes.server.ts), so it stands on its own.
 */
export function isAdminAccount(account: RoleFacts): boolean {
  return account.role === "admin" || (isListedAdmin(account.email) && account.emailVerified === true);
}

/*
 * Technicians (issue 17, docs/decisions/0018-jobs-and-technicians.md) are accounts with the role
 * "tecnico": they sign in with the same second factor and see only their own jobs and visits at
 * /tecnico.
 */
export const TECHNICIAN_ROLE = "tecnico";
export type StaffRole = "admin" | "tecnico";

export function staffRoleOf(account: RoleFacts): StaffRole | null {
  if (isAdminAccount(account)) return "admin";
  return account.role === TECHNICIAN_ROLE ? "tecnico" : null;
}

/** Where each role's pages start. */
export const STAFF_HOME: Record<StaffRole, string> = { admin: "/admin", tecnico: "/tecnico" };

import { NOTIFICATION_PATH } from "../payments/redsys-codes";

/**
 * What stays open while the maintenance flag is on (issue 11): signing in, the second factor
 * and the back office, so the owner can work and switch the flag off again. /admin checks
 * the administrator itself; everyone else there gets 404 as always. Redsys's payment
 * notifications are taken too (issue 12): money paid is never refused.
 */
export function openDuringMaintenance(pathname: string): boolean {
  return (
    pathname === "/login" ||
    pathname.startsWith("/login/") ||
    pathname.startsWith("/api/auth/") ||
    pathname === "/admin" ||
    pathname.startsWith("/admin/") ||
    pathname === NOTIFICATION_PATH
  );
}

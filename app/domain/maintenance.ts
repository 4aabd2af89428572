/**
 * What stays open while the maintenance flag is on (issue 11): signing in, the second factor
 * and the back office, so the owner can work and switch the flag off again. /admin checks
 * the administrator itself; everyone else there gets 404 as always.
 */
export function openDuringMaintenance(pathname: string): boolean {
  return (
    pathname === "/login" ||
    pathname.startsWith("/login/") ||
    pathname.startsWith("/api/auth/") ||
    pathname === "/admin" ||
    pathname.startsWith("/admin/")
  );
}

import { redirect } from "react-router";
import { getAuth } from "./auth.server";
import { pageUrl } from "~/server/http/page-url.server";

export type SessionUser = { id: string; email: string; name: string; role?: string | null; emailVerified?: boolean };

/** The signed-in user of this request, from the session cookie; null when anonymous. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name, role: session.user.role ?? null, emailVerified: session.user.emailVerified };
}

/** The longest page address kept for coming back after signing in. */
const RETURN_PATH_LIMIT = 1000;

/** Pages for signed-in users: anonymous visitors go to /login and come back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (user) return user;
  const url = pageUrl(request);
  // A page address of any length would come back in the Location header; past a few
  // kilobytes a reverse proxy answers 502 instead. A real page's address is short.
  const back = [url.pathname + url.search, url.pathname].find((path) => path.length <= RETURN_PATH_LIMIT);
  throw redirect(back ? `/login?redirectTo=${encodeURIComponent(back)}` : "/login");
}

import { eq } from "drizzle-orm";
import { markSecondFactor } from "~/server/accounts/admin-access.server";
import { publicShopInfo } from "~/server/config.server";
import type { Database } from "~/server/db/client.server";
import { session, user } from "~/server/accounts/accounts-schema.server";
import { signUp } from "./auth-utils";

/**
 * Integration tests of the back office: an administrator whose session has passed the second
 * factor, made directly in the database (the enrolment itself is tested in
 * tests/integration/admin-access.test.ts and end to end).
 */
export async function adminCookie(db: Database, email = "duena@termoclima.test"): Promise<string> {
  return (await staffSession(db, email, "Dueña de la tienda", "admin")).cookie;
}

/** A technician (issue 17) signed in past the second factor, made the same way: their cookie and user id. */
export function technicianSession(db: Database, email: string, name: string): Promise<{ cookie: string; id: string }> {
  return staffSession(db, email, name, "tecnico");
}

async function staffSession(db: Database, email: string, name: string, role: "admin" | "tecnico"): Promise<{ cookie: string; id: string }> {
  const cookie = await signUp(email, "contraseña-segura-1", name);
  // A proven address (issue 28): a listed one is an administrator only then, and the role is granted only then.
  const [row] = await db.update(user).set({ role, twoFactorEnabled: true, emailVerified: true }).where(eq(user.email, email)).returning();
  if (!row) throw new Error(`no existe ${email}`);
  const sessions = await db.select({ token: session.token }).from(session).where(eq(session.userId, row.id));
  for (const { token } of sessions) await markSecondFactor(db, token);
  return { cookie, id: row.id };
}

/** A request to an admin page or action, as the browser of a signed-in administrator sends it. */
export function adminRequest(
  path: string,
  cookie: string,
  form?: Record<string, string | string[]>,
): Request {
  const base = publicShopInfo().baseUrl;
  if (!form) return new Request(`${base}${path}`, { headers: { Cookie: cookie } });
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return new Request(`${base}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** What a loader or action ended with, thrown or returned: a redirect, a data() answer or plain data. */
export type Settled = { status: number; location: string | null; data: unknown; cookies: string[] };

export async function settle(run: () => Promise<unknown>): Promise<Settled> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      data: null,
      cookies: outcome.headers.getSetCookie(),
    };
  }
  if (outcome && typeof outcome === "object" && (outcome as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = outcome as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data, cookies: [] };
  }
  if (outcome instanceof Error) throw outcome;
  return { status: 200, location: null, data: outcome, cookies: [] };
}

/** The Cookie header after a response's Set-Cookie lines, on top of the cookies sent before. */
export function nextCookie(previous: string, setCookies: string[]): string {
  const jar = new Map(previous.split(/;\s*/).filter(Boolean).map((pair) => [pair.split("=")[0]!, pair] as const));
  for (const line of setCookies) {
    const pair = line.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/max-age=0/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

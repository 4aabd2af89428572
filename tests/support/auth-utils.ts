import { loader as authLoader, action as authAction } from "~/routes/accounts/auth-api";
import { publicShopInfo } from "~/server/config.server";

/** Calls better-auth's HTTP endpoints the way a browser on this site does (same Origin). */
export async function authRequest(path: string, body?: Record<string, unknown>, cookie = "", ip = "127.0.0.1") {
  const base = publicShopInfo().baseUrl;
  const request = new Request(`${base}/api/auth${path}`, {
    method: body ? "POST" : "GET",
    headers: {
      "Content-Type": "application/json",
      Origin: base,
      "x-forwarded-for": ip,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const args = { request, params: {}, context: {} } as never;
  return (body ? await authAction(args) : await authLoader(args)) as Response;
}

/** The Cookie header value of a Set-Cookie answer. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Registers a user, signs in (registration signs nobody in) and returns the session cookie. */
export async function signUp(email: string, password = "contraseña-segura-1", name = "Cliente de prueba", ip = "127.0.0.1") {
  const response = await authRequest("/sign-up/email", { email, password, name }, "", ip);
  if (!response.ok) throw new Error(`alta fallida: ${response.status} ${await response.text()}`);
  const session = await authRequest("/sign-in/email", { email, password }, "", ip);
  if (!session.ok) throw new Error(`inicio de sesión fallido: ${session.status} ${await session.text()}`);
  return cookieFrom(session);
}

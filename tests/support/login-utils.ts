import { action as loginAction, loader as loginLoader } from "~/routes/accounts/login";
import { publicShopInfo } from "~/server/config.server";
import { signUp } from "./auth-utils";

let lastAddress = 0;
/** A client address of its own, so one test's attempts never count against another's rate limit. */
export function freshIp(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

/** Registers through better-auth's endpoint (from an address of its own), signs in and returns the session cookie. */
export function register(email: string, password = "contraseña-segura-1") {
  return signUp(email, password, "", freshIp());
}

/** What a route action hands back through `data()`. */
export type Replied<T> = { data: T; init?: ResponseInit | null };

export type LoginReply = { intent: string; mode: string; notice: { tone: "ok" | "error"; text: string }; email: string };

type PostOptions = { ip?: string; cookie?: string; origin?: string | null; search?: string };

/** A form post to /login as a browser on this site sends it (same Origin, the server's x-forwarded-for). */
export function loginRequest(fields: Record<string, string>, options: PostOptions = {}) {
  const base = publicShopInfo().baseUrl;
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    "x-forwarded-for": options.ip ?? freshIp(),
    "user-agent": "vitest",
  };
  const origin = options.origin === undefined ? base : options.origin;
  if (origin) headers.Origin = origin;
  if (options.cookie) headers.Cookie = options.cookie;
  return new Request(`${base}/login${options.search ?? ""}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
}

/** Runs the /login action: a reply (form answer) or a redirect Response (signed in, signed out). */
export async function postLogin(fields: Record<string, string>, options: PostOptions = {}) {
  try {
    const result = (await loginAction({ request: loginRequest(fields, options), params: {}, context: {} } as never)) as unknown;
    return { reply: result as Replied<LoginReply>, redirect: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { reply: null, redirect: thrown };
    throw thrown;
  }
}

export async function loadLogin(search = "", cookie = "") {
  const request = new Request(`${publicShopInfo().baseUrl}/login${search}`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    return { data: await loginLoader({ request, params: {}, context: {} } as never), redirect: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { data: null, redirect: thrown };
    throw thrown;
  }
}

/** The Cookie header of a Response's Set-Cookie lines (expired ones dropped). */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((line) => !/max-age=0/i.test(line))
    .map((line) => line.split(";")[0])
    .join("; ");
}

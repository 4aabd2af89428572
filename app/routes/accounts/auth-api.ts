import { authErrorMessage, MESSAGES } from "~/domain/accounts/auth-messages";
import { isAuthRequestAllowed } from "~/server/accounts/auth-endpoints.server";
import { getAuth } from "~/server/auth.server";
import { authBodyFields, hasForeignRedirect } from "~/server/accounts/auth-redirects.server";
import { registerAccount } from "~/server/accounts/auth-forms.server";
import { readJsonText } from "~/server/http/request-body.server";
import type { Route } from "./+types/auth-api";

/**
 * better-auth's HTTP endpoints (/api/auth/*), only those a browser needs and only in the session
 * states that need them (app/server/accounts/auth-endpoints.server.ts, issue 28): the rest,
 * the admin plugin's and the second factor's among them, is the same 404 as an unknown path.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await isAuthRequestAllowed(request))) return closed();
  if (hasForeignRedirect(request)) return foreignRedirectRefused();
  return inSpanish(await (await getAuth()).handler(request));
}

function closed(): Response {
  return Response.json({ code: "NOT_FOUND", message: "No existe." }, { status: 404 });
}

/** A redirect target of another site (auth-redirects.server.ts): refused as better-auth refuses its own finds. */
function foreignRedirectRefused(): Response {
  return Response.json({ code: "INVALID_CALLBACK_URL", message: "La dirección de vuelta no es de esta tienda." }, { status: 403 });
}

/** better-auth's rate limiter answers in English ("Too many requests"): the shop speaks Spanish. */
function inSpanish(response: Response): Response {
  if (response.status !== 429) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify({ code: "TOO_MANY_REQUESTS", message: MESSAGES.tooMany }), { status: 429, headers });
}

/** No request to these endpoints is anywhere near this size. */
const AUTH_BODY_LIMIT = 64_000;
const BODY_TYPES = /^(application\/json|application\/x-www-form-urlencoded)\s*(;|$)/i;

export async function action({ request }: Route.ActionArgs) {
  if (!(await isAuthRequestAllowed(request))) return closed();
  if (!BODY_TYPES.test(request.headers.get("content-type") ?? "")) {
    return Response.json({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Envíe los datos como JSON." }, { status: 415 });
  }
  // Read once, with a limit, then handed on as it came.
  const body = await readJsonText(request, AUTH_BODY_LIMIT);
  if (hasForeignRedirect(request, body)) return foreignRedirectRefused();
  const forwarded = new Request(request.url, { method: request.method, headers: request.headers, body });
  if (new URL(request.url).pathname.replace(/\/$/, "") === "/api/auth/sign-up/email") return signUp(forwarded, body);
  return inSpanish(await (await getAuth()).handler(forwarded));
}

/** The raw sign-up keeps the promise of /login: the same answer for a new and a known e-mail. */
async function signUp(request: Request, body: string) {
  const fields = authBodyFields(body);
  if (!fields) return Response.json({ code: "INVALID_BODY", message: MESSAGES.unexpected }, { status: 400 });
  const email = typeof fields.email === "string" ? fields.email : "";
  const password = typeof fields.password === "string" ? fields.password : "";
  const name = typeof fields.name === "string" ? fields.name.slice(0, 200) : "";
  const answer = await registerAccount(request, email, password, name);
  if (answer.ok) return Response.json({ status: true, message: MESSAGES.created });
  const message = authErrorMessage("register", answer.status, answer.code);
  return Response.json({ code: answer.code ?? "ERROR", message }, { status: answer.status });
}

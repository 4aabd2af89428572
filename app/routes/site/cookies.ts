import { bodyProblemStatus, BODY_MESSAGES, readForm } from "~/server/http/request-body.server";
import { data, redirect } from "react-router";
import { safeRedirectPath } from "~/domain/accounts/safe-redirect";
import { consentCookie } from "~/server/cookies.server";
import { messagePage } from "~/server/http/origin-check.server";
import type { Route } from "./+types/cookies";

const CHOOSE = "Elija «Aceptar» o «Rechazar».";

/**
 * A refused plain post (the banner without JavaScript): a short Spanish page, since this
 * resource route has no error page of its own and its data would reach the visitor as JSON.
 */
function refusal(status: number, message: string) {
  return new Response(messagePage("Preferencias de cookies", message), {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

/** Records the cookie-banner decision ("aceptar" or "rechazar") and goes back. */
export async function action({ request }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    const status = bodyProblemStatus(error);
    if (status === null) throw error;
    return refusal(status, BODY_MESSAGES[status]);
  }
  const decision = form.get("decision");
  if (decision !== "aceptar" && decision !== "rechazar") {
    return form.get("js") === "1" ? data({ error: CHOOSE }, { status: 400 }) : refusal(400, CHOOSE);
  }
  const value = decision === "aceptar" ? "accepted" : "rejected";
  const headers = { "Set-Cookie": await consentCookie().serialize(value) };
  // The banner's fetcher (js=1) stays on the page; a plain post goes back where it came from.
  if (form.get("js") === "1") return data({ ok: true as const, decision: value }, { headers });
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers });
}

export function loader() {
  return redirect("/politica-cookies");
}

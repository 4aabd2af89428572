import { readForm } from "~/server/request-body.server";
import { data, redirect } from "react-router";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { consentCookie } from "~/server/cookies.server";
import type { Route } from "./+types/cookies";

/** Records the cookie-banner decision ("aceptar" or "rechazar") and goes back. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const decision = form.get("decision");
  if (decision !== "aceptar" && decision !== "rechazar") {
    return data({ error: "Elija «Aceptar» o «Rechazar»." }, { status: 400 });
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

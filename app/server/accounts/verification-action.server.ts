import { data } from "react-router";
import { RESEND_VERIFICATION, type VerificationReply } from "~/domain/accounts/admin-verification";
import type { AuthNotice } from "~/domain/auth-messages";
import { authSecret } from "../auth.server";
import { getDb } from "../db/db.server";
import { getSessionUser } from "../session.server";
import { sendAdminVerification } from "./admin-verification.server";

const reply = (notice: AuthNotice, status = 200) => data<VerificationReply>({ intent: RESEND_VERIFICATION, notice }, { status });

/** The account page's "Enviar el enlace otra vez" (issue 28), posted to /login. */
export async function resendVerification(request: Request) {
  const user = await getSessionUser(request);
  if (!user) return reply({ tone: "error", text: "Inicie sesión para pedir el enlace." }, 401);
  const sent = await sendAdminVerification(await getDb(), authSecret(), user.id);
  switch (sent) {
    case "sent":
      return reply({ tone: "ok", text: `Le hemos enviado otro enlace a ${user.email}.` });
    case "recent":
      return reply({ tone: "error", text: "Le enviamos un enlace hace menos de un minuto. Espere un poco antes de pedir otro." }, 429);
    case "not-needed":
      return reply({ tone: "ok", text: "Su dirección ya está confirmada." });
  }
}

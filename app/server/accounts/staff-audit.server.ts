import { browserName } from "~/domain/accounts/browser-name";
import { audit } from "../audit.server";
import type { Database } from "../db/client.server";
import { clientAddress } from "../rate-limit.server";

/*
 * Staff sign-ins in the audit log (issue 28), with the address and the browser, so the owner
 * can see from /admin/registro who got in and who tried: a sign-in that passed the second
 * factor, a wrong password and a wrong code for a staff account. Customers' sign-ins are not
 * logged (the log is the back office's). Entity "cuenta", id the account's user id, so the
 * link in the log lists that person's lines.
 */

export type Client = { ip: string; browser: string };

/** Where a request came from, as the log and the new-device e-mail say it. */
export function clientOf(headers: Headers): Client {
  return { ip: clientAddress({ headers }), browser: browserName(headers.get("user-agent")) };
}

type Account = { id: string; email: string };

/** Nobody is known when a password or code is wrong: the attempt is logged under the account, by "desconocido". */
const UNKNOWN = { email: "desconocido" };

/** A sign-in (password, then the factor), or the factor given again by a signed-in session (Google, 12 hours, idle). */
export type SignInMoment = "sign-in" | "step-up";

export async function auditStaffSignIn(db: Database, account: Account, client: Client, newDevice: boolean, moment: SignInMoment = "sign-in"): Promise<void> {
  await audit(db, { email: account.email }, {
    action: moment === "sign-in" ? "inició sesión en la administración" : "confirmó de nuevo su identidad",
    entity: "cuenta",
    entityId: account.id,
    after: { ip: client.ip, navegador: client.browser, dispositivoNuevo: newDevice },
  });
}

export async function auditStaffFailure(db: Database, account: Account, client: Client, what: "password" | "code"): Promise<void> {
  await audit(db, UNKNOWN, {
    action: what === "password" ? "intento de inicio de sesión: contraseña incorrecta" : "intento de inicio de sesión: código incorrecto",
    entity: "cuenta",
    entityId: account.id,
    after: { cuenta: account.email, ip: client.ip, navegador: client.browser },
  });
}

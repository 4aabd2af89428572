import { eq } from "drizzle-orm";
import { action as adminEnrolAction } from "~/routes/accounts/admin-second-factor";
import { action as technicianEnrolAction } from "~/routes/accounts/technician-second-factor";
import type { Database } from "~/server/db/client.server";
import { user } from "~/server/db/schema.server";
import { adminRequest, nextCookie, settle } from "./admin-utils";
import { freshIp, register } from "./login-utils";
import { totp } from "./totp";

/**
 * A staff member who enrolled a real authenticator app through their enrolment page (issue 28
 * tests that need the factor's secret to exist): their cookie (past the factor), text key,
 * backup codes and user id. The role is granted in the database, as the back office would.
 */
export async function enrolledStaff(db: Database, email: string, role: "admin" | "tecnico", password = "contraseña-segura-1") {
  let cookie = await register(email, password);
  const [row] = await db.update(user).set({ role }).where(eq(user.email, email)).returning({ id: user.id });
  const path = role === "admin" ? "/admin/segundo-factor" : "/tecnico/segundo-factor";
  const enrol = role === "admin" ? adminEnrolAction : technicianEnrolAction;
  const post = (form: Record<string, string>) => {
    const request = adminRequest(path, cookie, form);
    request.headers.set("x-forwarded-for", freshIp());
    return settle(() => enrol({ request, params: {}, context: {} } as never));
  };
  const started = await post({ intent: "start", password });
  const step = started.data as { step: number; uri: string; key: string; backupCodes: string[] };
  if (step?.step !== 2) throw new Error(`inscripción no iniciada: ${started.status} ${JSON.stringify(started.data)}`);
  const done = await post({ intent: "verify", uri: step.uri, codes: step.backupCodes.join(" "), code: totp(step.key) });
  if (done.status !== 302) throw new Error(`inscripción no terminada: ${done.status} ${JSON.stringify(done.data)}`);
  cookie = nextCookie(cookie, done.cookies);
  return { cookie, key: step.key, backupCodes: step.backupCodes, id: row!.id };
}

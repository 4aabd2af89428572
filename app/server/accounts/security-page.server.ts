import { data } from "react-router";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { mayRemoveFactor, PASSKEY_MESSAGES } from "~/domain/accounts/passkeys";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { secondFactorError } from "~/domain/accounts/second-factor";
import { callAuth } from "./auth-forms.server";
import { getDb } from "../db/db.server";
import { passkeys } from "./accounts-schema.server";
import { readForm } from "../http/request-body.server";
import type { StaffRole } from "./staff-roles.server";
import { codesFileOf, enrolmentSteps } from "./enrolment-action.server";
import { reauthenticationAction, requireFreshStaff, staleSessionReply } from "./fresh-authentication.server";
import { REAUTH_INTENT } from "~/domain/accounts/reauthenticate-form";
import { auditFactor } from "./passkey-flows.server";
import { passkeysOf, totpConfigured } from "./passkeys.server";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * "Seguridad" (/admin/seguridad, /tecnico/seguridad; issue 28): the staff member's passkeys and
 * authenticator app. Every part of it needs a fully signed-in session that proved its owner in
 * the last 5 minutes (fresh-authentication.server.ts); otherwise the page asks for the password
 * or a passkey first, and every action is refused.
 */

export async function securityLoader(request: Request, role: StaffRole) {
  const { staff, fresh, hasPassword } = await requireFreshStaff(request, role);
  const db = await getDb();
  const rows = await passkeysOf(db, staff.id);
  if (!fresh) return { fresh: false as const, hasPassword, hasPasskeys: rows.length > 0 };
  return {
    fresh: true as const,
    hasPassword,
    email: staff.email,
    passkeys: rows.map((row) => ({
      id: row.id,
      name: row.name || "Llave de acceso",
      createdAt: formatDateTime(row.createdAt),
      lastUsedAt: row.lastUsedAt ? formatDateTime(row.lastUsedAt) : null,
    })),
    totp: await totpConfigured(db, staff.id),
  };
}

const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("quitar-llave"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("nuevos-codigos"), password: z.string().max(200).optional() }),
]);

export type SecurityReply =
  | { reauthError: string }
  | { error: string }
  | { removed: string }
  | { codes: string[]; codesFile: { href: string; name: string } };

export async function securityAction(request: Request, role: StaffRole) {
  const fields = Object.fromEntries(await readForm(request, { maxBytes: 4_000 }));
  const { staff, fresh } = await requireFreshStaff(request, role);
  if (fields.intent === REAUTH_INTENT) return reauthenticationAction(request, staff, fields);
  if (!fresh) return staleSessionReply();
  const db = await getDb();
  // The authenticator app added later (an account that enrolled a passkey first): the enrolment's own steps, back here.
  if ((fields.intent === "start" || fields.intent === "verify") && !(await totpConfigured(db, staff.id))) {
    return enrolmentSteps(request, staff, pageUrl(request).pathname, fields);
  }
  const parsed = formSchema.safeParse(fields);
  if (!parsed.success) return data<SecurityReply>({ error: PASSKEY_MESSAGES.badInput }, { status: 400 });
  const form = parsed.data;
  if (form.intent === "quitar-llave") {
    const rows = await passkeysOf(db, staff.id);
    const target = rows.find((row) => row.id === form.id);
    if (!target) return data<SecurityReply>({ error: PASSKEY_MESSAGES.notFound }, { status: 404 });
    if (!mayRemoveFactor({ passkeys: rows.length, totp: await totpConfigured(db, staff.id) }, "passkey")) {
      return data<SecurityReply>({ error: PASSKEY_MESSAGES.lastFactor }, { status: 409 });
    }
    await db.transaction(async (tx) => {
      await tx.delete(passkeys).where(and(eq(passkeys.id, target.id), eq(passkeys.userId, staff.id)));
      await auditFactor(tx, staff, "quitó una llave de acceso", request, { llave: target.name });
    });
    return data<SecurityReply>({ removed: target.name || "Llave de acceso" });
  }
  if (!(await totpConfigured(db, staff.id))) return data<SecurityReply>({ error: PASSKEY_MESSAGES.badInput }, { status: 400 });
  // better-auth asks the password of an account that has one, even in a fresh session.
  const answer = await callAuth(request, "/two-factor/generate-backup-codes", form.password ? { password: form.password } : {});
  const codes = answer.body?.backupCodes;
  if (!answer.ok || !Array.isArray(codes)) {
    return data<SecurityReply>({ error: secondFactorError(answer.status, answer.code, false) }, { status: answer.ok ? 502 : answer.status });
  }
  const list = codes.map(String);
  await auditFactor(db, staff, "generó nuevos códigos de respaldo", request, { codigos: list.length });
  return data<SecurityReply>({ codes: list, codesFile: codesFileOf(staff.email, list) });
}

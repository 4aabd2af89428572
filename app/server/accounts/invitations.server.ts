import { createHash, randomBytes, randomUUID } from "node:crypto";
import { invitationRef } from "../outbox-refs.server";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { INVITATION_HOURS, INVITATION_TOKEN } from "~/domain/accounts/invitations";
import { audit } from "../audit.server";
import { publicShopInfo } from "../config.server";
import type { Database, Transaction } from "../db/client.server";
import { account, staffInvitations, user } from "./accounts-schema.server";
import { enqueue } from "../outbox.server";
import type { Admin } from "./admin-access.server";
import { isAdminAccount, isListedAdmin, TECHNICIAN_ROLE } from "./staff-roles.server";

/*
 * Technicians are invited (issue 28, docs/decisions/0018-jobs-and-technicians.md): the owner's
 * form writes a row here and e-mails /invitacion/<token>; only the token's SHA-256 is kept.
 * The link works once, for 72 hours. A new address chooses its password on that page; an
 * existing account gets the role only when it accepts while signed in as itself, so nobody's
 * password chosen by somebody else ever opens /tecnico. Either way the invitation proves the
 * address. Claiming the row is one conditional UPDATE: on any number of instances, one
 * acceptance wins and the others find it used.
 */

export type InvitationResult = { ok: true; message: string } | { ok: false; status: 404 | 409; error: string };

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export function invitationUrl(token: string): string {
  return `${publicShopInfo().baseUrl}/invitacion/${token}`;
}

type Invitation = typeof staffInvitations.$inferSelect;

/** Still usable at `now`: not accepted, not revoked, not expired. */
const usable = (now: Date) => and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now));
const pending = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt));

/** A fresh link: the token for the e-mail, its hash and end for the row. */
function newLink(now: Date) {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashOf(token), expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3_600_000) };
}

/** The invitation's e-mail, in the caller's transaction. */
async function sendLink(tx: Transaction, invitation: Pick<Invitation, "id" | "email" | "name">, token: string): Promise<void> {
  const shop = publicShopInfo();
  await enqueue(
    tx,
    "email",
    {
      to: invitation.email,
      subject: `${shop.name}: invitación para ser técnico`,
      text: [
        `Hola, ${invitation.name}:`,
        "",
        `${shop.name} le invita a su área de técnicos, donde verá los trabajos y visitas que le asignen.`,
        "",
        "Para aceptar, abra este enlace (caduca en 72 horas y solo se puede usar una vez):",
        "",
        invitationUrl(token),
        "",
        "Si aún no tiene cuenta en la tienda, elegirá allí su contraseña. Si ya la tiene con este email, le pediremos que inicie sesión y acepte.",
        "Después configurará un segundo factor en su móvil.",
        "",
        "Si no esperaba este mensaje, ignórelo: sin abrir el enlace no cambia nada.",
        "",
        shop.name,
      ].join("\n"),
    },
    { ref: invitationRef(invitation.id) },
  );
}

export async function inviteTechnician(db: Database, admin: Admin, input: { name: string; email: string }, now = new Date()): Promise<InvitationResult> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx): Promise<InvitationResult> => {
    const [existing] = await tx.select().from(user).where(eq(user.email, email)).for("update");
    if (isListedAdmin(email) || (existing && isAdminAccount(existing)))
      return { ok: false, status: 409, error: "Esa cuenta es de un administrador: no puede ser también técnico." };
    if (existing?.role === TECHNICIAN_ROLE) return { ok: false, status: 409, error: "Esa cuenta ya es de un técnico." };
    if (existing?.banned) return { ok: false, status: 409, error: "Esa cuenta está deshabilitada: habilítela antes en Clientes." };
    const [open] = await tx.select({ id: staffInvitations.id }).from(staffInvitations).where(and(eq(staffInvitations.email, email), usable(now)));
    if (open) return { ok: false, status: 409, error: "Ya hay una invitación pendiente para ese email: reenvíela o anúlela en la lista." };
    const { token, tokenHash, expiresAt } = newLink(now);
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({ email, name: input.name, role: TECHNICIAN_ROLE, tokenHash, invitedBy: admin.email, createdAt: now, expiresAt })
      .returning();
    await sendLink(tx, invitation!, token);
    await audit(tx, { email: admin.email }, {
      action: "invitar técnico",
      entity: "cliente",
      entityId: existing?.id ?? email,
      after: { email, nombre: input.name, rol: TECHNICIAN_ROLE, cuentaExistente: Boolean(existing) },
    });
    return {
      ok: true,
      message: existing
        ? `${email} ya tiene cuenta en la tienda: le hemos enviado una invitación. Será técnico cuando la acepte con su sesión iniciada.`
        : `Hemos enviado una invitación a ${email}. Al abrirla elegirá su contraseña y configurará el segundo factor.`,
    };
  });
}

export type PendingInvitation = { id: number; name: string; email: string; sentAt: Date; expired: boolean };

/** Invitations neither accepted nor revoked, the expired ones too (they can be sent again). */
export async function listInvitations(db: Database, now = new Date()): Promise<PendingInvitation[]> {
  const rows = await db
    .select({ id: staffInvitations.id, name: staffInvitations.name, email: staffInvitations.email, expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .where(pending)
    .orderBy(asc(staffInvitations.email));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    sentAt: new Date(row.expiresAt.getTime() - INVITATION_HOURS * 3_600_000),
    expired: row.expiresAt <= now,
  }));
}

/** "Reenviar": a new link for 72 hours more; the previous link stops working. */
export async function resendInvitation(db: Database, admin: Admin, id: number, now = new Date()): Promise<InvitationResult> {
  return db.transaction(async (tx): Promise<InvitationResult> => {
    const [invitation] = await tx.select().from(staffInvitations).where(and(eq(staffInvitations.id, id), pending)).for("update");
    if (!invitation) return { ok: false, status: 404, error: "Esa invitación ya no está pendiente." };
    // A new token: the previous link stops working.
    const { token, tokenHash, expiresAt } = newLink(now);
    await tx.update(staffInvitations).set({ tokenHash, expiresAt }).where(eq(staffInvitations.id, invitation.id));
    await sendLink(tx, invitation, token);
    await audit(tx, { email: admin.email }, { action: "reenviar invitación de técnico", entity: "cliente", entityId: invitation.email, after: { email: invitation.email } });
    return { ok: true, message: `Invitación reenviada a ${invitation.email}; el enlace anterior ya no funciona.` };
  });
}

/** "Anular": the link stops working at once. */
export async function revokeInvitation(db: Database, admin: Admin, id: number, now = new Date()): Promise<InvitationResult> {
  return db.transaction(async (tx): Promise<InvitationResult> => {
    const [invitation] = await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(and(eq(staffInvitations.id, id), pending))
      .returning();
    if (!invitation) return { ok: false, status: 404, error: "Esa invitación ya no está pendiente." };
    await audit(tx, { email: admin.email }, { action: "anular invitación de técnico", entity: "cliente", entityId: invitation.email, after: { email: invitation.email } });
    return { ok: true, message: `La invitación de ${invitation.email} está anulada: su enlace ya no funciona.` };
  });
}

export type OpenedInvitation =
  | { status: "unknown" }
  /** Expired, used or revoked. */
  | { status: "gone" }
  | { status: "ok"; email: string; name: string; accountExists: boolean };

/** What the link leads to, without changing anything. */
export async function openInvitation(db: Database, token: string, now = new Date()): Promise<OpenedInvitation> {
  if (!INVITATION_TOKEN.test(token)) return { status: "unknown" };
  const [invitation] = await db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, hashOf(token)));
  if (!invitation) return { status: "unknown" };
  if (invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= now) return { status: "gone" };
  const [holder] = await db.select({ id: user.id }).from(user).where(eq(user.email, invitation.email));
  return { status: "ok", email: invitation.email, name: invitation.name, accountExists: Boolean(holder) };
}

export type Acceptance =
  | { ok: true; email: string }
  | { ok: false; reason: "gone" | "account-exists" | "other-account" | "disabled" | "admin" };

/** Claims the invitation in the caller's transaction: one caller wins, the others (waiting on the row) get null. */
async function claim(tx: Transaction, token: string, now: Date): Promise<Invitation | null> {
  const [claimed] = await tx
    .update(staffInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(staffInvitations.tokenHash, hashOf(token)), usable(now)))
    .returning();
  return claimed ?? null;
}

class AccountExists extends Error {}

/** A new address: the account is made with the chosen password (already hashed), verified, with the role. */
export async function acceptAsNewAccount(db: Database, token: string, passwordHash: string, now = new Date()): Promise<Acceptance> {
  if (!INVITATION_TOKEN.test(token)) return { ok: false, reason: "gone" };
  try {
    return await db.transaction(async (tx): Promise<Acceptance> => {
      const claimed = await claim(tx, token, now);
      if (!claimed) return { ok: false, reason: "gone" };
      // Registered since the page was opened: that account must accept while signed in (the claim is undone).
      const [holder] = await tx.select({ id: user.id }).from(user).where(eq(user.email, claimed.email));
      if (holder) throw new AccountExists();
      const id = randomUUID();
      await tx.insert(user).values({ id, name: claimed.name, email: claimed.email, emailVerified: true, role: claimed.role, createdAt: now, updatedAt: now });
      await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash, createdAt: now, updatedAt: now });
      await tx.update(staffInvitations).set({ userId: id }).where(eq(staffInvitations.id, claimed.id));
      await audit(tx, { email: claimed.email }, {
        action: "aceptar invitación de técnico",
        entity: "cliente",
        entityId: id,
        before: null,
        after: { email: claimed.email, nombre: claimed.name, rol: claimed.role, invitadoPor: claimed.invitedBy },
      });
      return { ok: true, email: claimed.email };
    });
  } catch (error) {
    // The same address registered at the same moment: the unique index refused our row.
    if (error instanceof AccountExists || isUniqueViolation(error)) return { ok: false, reason: "account-exists" };
    throw error;
  }
}

/** An existing account, signed in as itself, takes the role. */
export async function acceptAsAccount(db: Database, token: string, signedIn: { id: string }, now = new Date()): Promise<Acceptance> {
  if (!INVITATION_TOKEN.test(token)) return { ok: false, reason: "gone" };
  return db.transaction(async (tx): Promise<Acceptance> => {
    const [holder] = await tx.select().from(user).where(eq(user.id, signedIn.id)).for("update");
    const [invitation] = await tx.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, hashOf(token)));
    if (!holder || !invitation) return { ok: false, reason: "gone" };
    if (holder.email.toLowerCase() !== invitation.email) return { ok: false, reason: "other-account" };
    if (holder.banned) return { ok: false, reason: "disabled" };
    if (isAdminAccount(holder) || isListedAdmin(holder.email)) return { ok: false, reason: "admin" };
    const claimed = await claim(tx, token, now);
    if (!claimed) return { ok: false, reason: "gone" };
    await tx.update(staffInvitations).set({ userId: holder.id }).where(eq(staffInvitations.id, claimed.id));
    await tx.update(user).set({ role: claimed.role, emailVerified: true, updatedAt: now }).where(eq(user.id, holder.id));
    await audit(tx, { email: holder.email }, {
      action: "aceptar invitación de técnico",
      entity: "cliente",
      entityId: holder.id,
      before: { email: holder.email, rol: holder.role },
      after: { email: holder.email, rol: claimed.role, invitadoPor: claimed.invitedBy },
    });
    return { ok: true, email: holder.email };
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

import { createHash, randomBytes } from "node:crypto";
import { accountRef } from "../outbox-refs.server";
import { and, eq } from "drizzle-orm";
import { formatDateTime } from "~/domain/dates/madrid-dates";
import { config, publicShopInfo } from "../config.server";
import type { Database } from "../db/client.server";
import { staffDevices } from "./accounts-schema.server";
import { enqueue } from "../outbox.server";
import type { Client } from "./staff-audit.server";

/*
 * A staff sign-in from a browser we have not seen e-mails the shop's owner (SHOP_EMAIL) and the
 * staff member (issue 28): a stolen password and code used elsewhere do not go unnoticed. The
 * browser carries a long-lived random device id in an httpOnly cookie; we keep only its SHA-256
 * per account, so the table gives nothing to someone who reads it. The first browser of an
 * account (where it enrolled the factor) is recorded without an e-mail: it is the account's own.
 */

/** `__Host-` on https: the browser refuses it from a subdomain or over http. */
export function deviceCookieName(): string {
  return secureCookies() ? "__Host-staff_device" : "staff_device";
}

function secureCookies(): boolean {
  return publicShopInfo().baseUrl.startsWith("https:");
}

/** What the device cookie is set with: 400 days, the longest browsers keep a cookie. */
export function deviceCookieOptions() {
  return { httpOnly: true, sameSite: "lax" as const, secure: secureCookies(), path: "/", maxAge: 400 * 24 * 60 * 60 };
}

const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

function hashOf(deviceId: string): string {
  return createHash("sha256").update(deviceId).digest("hex");
}

export type StaffMember = { id: string; email: string; name: string };

export type DeviceCheck = { deviceId: string; newDevice: boolean; emailed: boolean };

/**
 * Records the browser of a staff sign-in that passed the second factor. `deviceId` is the
 * cookie's value (null or malformed: a new id is made); the caller sets the cookie to the
 * returned id. The e-mails are queued in the transaction that records the device.
 */
export async function checkStaffDevice(
  db: Database,
  staff: StaffMember,
  seen: { deviceId: string | null; client: Client; userAgent: string },
  now = new Date(),
): Promise<DeviceCheck> {
  const deviceId = seen.deviceId && DEVICE_ID.test(seen.deviceId) ? seen.deviceId : randomBytes(32).toString("base64url");
  const deviceHash = hashOf(deviceId);
  return db.transaction(async (tx) => {
    const known = await tx.select({ deviceHash: staffDevices.deviceHash }).from(staffDevices).where(eq(staffDevices.userId, staff.id));
    if (known.some((row) => row.deviceHash === deviceHash)) {
      await tx
        .update(staffDevices)
        .set({ lastSeenAt: now, userAgent: seen.userAgent.slice(0, 500) })
        .where(and(eq(staffDevices.userId, staff.id), eq(staffDevices.deviceHash, deviceHash)));
      return { deviceId, newDevice: false, emailed: false };
    }
    const inserted = await tx
      .insert(staffDevices)
      .values({ userId: staff.id, deviceHash, userAgent: seen.userAgent.slice(0, 500), firstSeenAt: now, lastSeenAt: now })
      .onConflictDoNothing()
      .returning({ deviceHash: staffDevices.deviceHash });
    // Two sign-ins of one new browser at once: the one that recorded it sends the e-mail.
    const emailed = inserted.length > 0 && known.length > 0;
    if (emailed) await queueNewDeviceMail(tx, staff, seen.client, now);
    return { deviceId, newDevice: true, emailed };
  });
}

async function queueNewDeviceMail(tx: Pick<Database, "insert">, staff: StaffMember, client: Client, now: Date): Promise<void> {
  const c = config();
  const who = staff.name ? `${staff.name} (${staff.email})` : staff.email;
  const text = [
    "Hola,",
    "",
    "Se ha iniciado sesión en la administración de la tienda desde un navegador que no se había usado antes con esta cuenta:",
    "",
    `Quién: ${who}`,
    `Cuándo: ${formatDateTime(now)} (hora de Madrid)`,
    `Navegador: ${client.browser}`,
    `Dirección IP: ${client.ip}`,
    "",
    "Si ha sido usted o alguien de su equipo, no tiene que hacer nada.",
    "Si no, cambie la contraseña de esa cuenta enseguida y revise el registro de cambios de la administración.",
    "",
    c.SHOP_NAME,
  ].join("\n");
  const recipients = [...new Set([c.SHOP_EMAIL.toLowerCase(), staff.email.toLowerCase()])];
  for (const to of recipients) {
    await enqueue(tx, "email", { to, subject: `${c.SHOP_NAME}: inicio de sesión desde un navegador nuevo`, text }, { ref: accountRef(staff.id) });
  }
}

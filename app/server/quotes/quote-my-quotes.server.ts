import { isExpired } from "~/domain/quotes/quote-expiry";
import { getDb } from "../db/db.server";
import type { SessionUser } from "../session.server";
import { quotesForEmail } from "./quote-store.server";

/*
 * "Mis presupuestos" (issue 17): the quotes sent to the signed-in customer's e-mail, next to
 * their orders. The e-mail is the session's, never one the browser sends, and only a verified
 * one (a Google sign-in): a password account's address is not proven, and anyone could open
 * an account with a customer's address. Their quotes stay reachable by the e-mailed link.
 */
export async function listMyQuotes(user: SessionUser, now = new Date()) {
  if (!user.emailVerified) return [];
  const rows = await quotesForEmail(await getDb(), user.email);
  return rows.map((row) => ({
    number: row.number,
    href: `/presupuestos/${row.token}`,
    status: row.status,
    version: row.currentVersion,
    validUntil: row.validUntil,
    expired: (row.status === "enviado" || row.status === "cambios_pedidos") && isExpired(row.validUntil, now),
  }));
}

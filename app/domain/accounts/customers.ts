import { z } from "zod";
import { listQuery } from "../page-numbers";

/*
 * The back office's customers (issue 11): the list's URL (?q= e-mail or name, ?pagina=), and
 * the rules of a customer's page: who may be disabled or demoted, and by whom.
 */

export const CUSTOMERS_PAGE_SIZE = 25;
export const CUSTOMER_SEARCH_MAX = 100;
export const BAN_REASON_MAX = 300;

export type CustomerQuery = { q: string; page: number };

export function parseCustomerQuery(params: URLSearchParams): CustomerQuery {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, CUSTOMER_SEARCH_MAX);
  const page = z.coerce.number().int().min(1).max(100_000).safeParse(params.get("pagina") ?? "1");
  return { q, page: page.success ? page.data : 1 };
}

export function customersHref(query: CustomerQuery, page = query.page): string {
  return `/admin/cuentas${listQuery({ q: query.q }, page)}`;
}

/** How an account is an administrator: by ADMIN_EMAILS (only the configuration changes it), granted here, or not. */
export type AdminKind = "configuración" | "concedido" | null;

export function adminKind(account: { role: string | null; listed: boolean }): AdminKind {
  if (account.listed) return "configuración";
  return account.role === "admin" ? "concedido" : null;
}

export type AccountChange = "disable" | "enable" | "grant" | "revoke";

/**
 * Why the change is refused, or null. An administrator never locks themself out (the shop
 * could be left with nobody to let them back in), and the configuration's administrators
 * change only in the configuration.
 */
export function refusal(
  change: AccountChange,
  target: { self: boolean; listed: boolean; banned: boolean; role: string | null; verified?: boolean },
): string | null {
  if (change === "disable") {
    if (target.self) return "No puede deshabilitar su propia cuenta.";
    if (target.listed) return "Esta cuenta es administradora por configuración (ADMIN_EMAILS): no se puede deshabilitar desde aquí.";
    if (target.banned) return "La cuenta ya está deshabilitada.";
  }
  if (change === "enable" && !target.banned) return "La cuenta ya está habilitada.";
  if (change === "grant") {
    if (target.listed || target.role === "admin") return "La cuenta ya es administradora.";
    if (target.banned) return "La cuenta está deshabilitada: habilítela antes de hacerla administradora.";
    // Issue 28: the role goes only to an address its holder proved (a reset link used, or Google).
    if (target.verified === false)
      return "Nadie ha confirmado todavía que este email sea de quien tiene la cuenta: pídale que restablezca su contraseña con «¿Ha olvidado su contraseña?» (o que entre con Google) y vuelva a intentarlo.";
  }
  if (change === "revoke") {
    if (target.listed) return "Esta cuenta es administradora por configuración (ADMIN_EMAILS): solo se le quita el papel cambiando la configuración.";
    if (target.self) return "No puede quitarse a sí mismo el papel de administrador.";
    if (target.role !== "admin") return "La cuenta no es administradora.";
  }
  return null;
}


export type CustomerReply = { ok: true; message: string } | { ok: false; error: string };

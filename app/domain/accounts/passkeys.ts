/*
 * Passkeys (WebAuthn credentials) as the staff's recommended second factor (issue 28): a
 * fingerprint, face or PIN on the person's own phone, which is the key and its user at once.
 * Pure rules and the words people read (no Zod here: the login page's script imports these
 * messages, and its first-load budget is tight); the ceremonies are in
 * app/server/accounts/passkeys.server.ts.
 */

export const PASSKEY_MESSAGES = {
  cancelled: "Se ha cancelado o no se ha podido usar la llave de acceso. Inténtelo de nuevo.",
  unsupported: "Este navegador no admite llaves de acceso. Use la aplicación de autenticación.",
  expired: "La petición ha caducado. Vuelva a pulsar el botón.",
  refused: "No hemos podido comprobar la llave de acceso. Inténtelo de nuevo.",
  unknown: "Esta llave de acceso no corresponde a ninguna cuenta de la tienda.",
  counter: "Esta llave de acceso parece copiada y no se acepta. Entre con otro factor y quítela en «Seguridad».",
  otherAccount: "Esta llave de acceso es de otra cuenta.",
  duplicate: "Esta llave de acceso ya estaba añadida a su cuenta.",
  notFound: "Esa llave de acceso no existe.",
  lastFactor: "No puede quitar su único segundo factor: añada antes otra llave de acceso o la aplicación de autenticación.",
  notStaff: "Las llaves de acceso son para el personal de la tienda. Entre con su email y contraseña.",
  tooMany: "Demasiados intentos. Espere unos minutos e inténtelo de nuevo.",
  notFresh: "Por seguridad, confirme antes que es usted.",
  wrongAddress: "Las llaves de acceso necesitan que la tienda se abra por su nombre (por ejemplo https://www.su-tienda.es), no por una dirección IP.",
  badInput: "No hemos podido leer la respuesta del navegador. Vuelva a cargar la página e inténtelo de nuevo.",
  notJson: "Envíe los datos como JSON.",
} as const;

/** What each ceremony's challenge was issued for: an answer is only accepted for the same purpose. */
export type PasskeyPurpose = "register" | "sign-in" | "second-factor" | "confirm";

/** A factor may go only while another one stays: the account must never be left without one. */
export function mayRemoveFactor(factors: { passkeys: number; totp: boolean }, removing: "passkey" | "totp"): boolean {
  const left = factors.passkeys - (removing === "passkey" ? 1 : 0) + (factors.totp && removing !== "totp" ? 1 : 0);
  return left > 0;
}

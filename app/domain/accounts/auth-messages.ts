import { PASSWORD_MESSAGES } from "./password-rules";

/**
 * What a visitor reads after a sign-in, registration or password action (spec section 8).
 * better-auth answers with an HTTP status and an English code; nobody ever sees the code.
 * Deliberate differences (docs/deviations.md): a wrong password and an unknown e-mail share
 * one message, and passwords need 12 characters, not 6, and may not be common ones (issue 28).
 */

export type AuthAction = "signin" | "register" | "forget" | "reset" | "google";

export type AuthNotice = { tone: "ok" | "error"; text: string };

export const MESSAGES = {
  invalidEmail: "Email no valido.",
  disabled: "La cuenta ha sido desabilitada por el administrador.",
  created: "Usuario creado correctamente. Puede iniciar sesión.",
  resetSent: "Se le ha enviado un email. Puede aparecer en la carpeta spam.",
  weakPassword: PASSWORD_MESSAGES.tooShort,
  commonPassword: PASSWORD_MESSAGES.common,
  badCredentials: "Email o contraseña incorrectos.",
  tooMany: "Demasiados intentos. Espere un minuto e inténtelo de nuevo.",
  passwordTooLong: PASSWORD_MESSAGES.tooLong,
  passwordMissing: "Escriba su contraseña.",
  passwordsDiffer: "Las dos contraseñas no coinciden.",
  passwordChanged: "Contraseña cambiada. Ya puede iniciar sesión.",
  badToken: "El enlace para restablecer la contraseña no es válido, ya se ha usado o ha caducado. Solicite uno nuevo.",
  badOrigin: "No hemos podido comprobar el origen de la petición. Recargue la página e inténtelo de nuevo.",
  googleFailed: "No hemos podido iniciar sesión con Google. Inténtelo de nuevo.",
  googleCancelled: "Se ha cancelado el inicio de sesión con Google.",
  googleUnavailable: "El acceso con Google no está disponible en este momento.",
  unexpected: "No hemos podido completar la operación. Inténtelo de nuevo en unos minutos.",
} as const;

/** Our code for a new password found in the breached/common dictionaries (app/server/accounts/password-check.server.ts). */
export const PASSWORD_COMMON = "PASSWORD_COMMON";

/** The better-auth codes that mean "these credentials do not open an account". */
const BAD_CREDENTIALS = new Set([
  "INVALID_EMAIL_OR_PASSWORD",
  "INVALID_PASSWORD",
  "USER_NOT_FOUND",
  "CREDENTIAL_ACCOUNT_NOT_FOUND",
  "USER_EMAIL_NOT_FOUND",
]);

const BAD_ORIGIN = new Set([
  "INVALID_ORIGIN",
  "MISSING_OR_NULL_ORIGIN",
  "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED",
  "INVALID_CALLBACK_URL",
  "INVALID_REDIRECT_URL",
  "INVALID_ERROR_CALLBACK_URL",
  "INVALID_NEW_USER_CALLBACK_URL",
]);

/** The Spanish message of a failed better-auth call; never the code itself. */
export function authErrorMessage(action: AuthAction, status: number, code: string | undefined): string {
  if (status === 429) return MESSAGES.tooMany;
  const c = code ?? "";
  if (c === "BANNED_USER") return MESSAGES.disabled;
  if (c === "INVALID_EMAIL") return MESSAGES.invalidEmail;
  // Sign-up and reset requests validate the e-mail in their body schema: the only field there.
  if (c === "VALIDATION_ERROR" && (action === "register" || action === "forget")) return MESSAGES.invalidEmail;
  if (c === "PASSWORD_TOO_SHORT") return MESSAGES.weakPassword;
  if (c === PASSWORD_COMMON) return MESSAGES.commonPassword;
  if (c === "PASSWORD_TOO_LONG") return MESSAGES.passwordTooLong;
  if (c === "INVALID_TOKEN" || c === "TOKEN_EXPIRED") return MESSAGES.badToken;
  if (BAD_ORIGIN.has(c) || (status === 403 && !c)) return MESSAGES.badOrigin;
  if (action === "signin" && (BAD_CREDENTIALS.has(c) || status === 401)) return MESSAGES.badCredentials;
  if (action === "google") return c === "PROVIDER_NOT_FOUND" ? MESSAGES.googleUnavailable : MESSAGES.googleFailed;
  return MESSAGES.unexpected;
}

/**
 * The `?error=` better-auth adds to our error URL when a Google sign-in fails on its way
 * back (lower-case codes of its OAuth callback, or the provider's own, e.g. access_denied).
 */
export function oauthErrorMessage(error: string): string {
  const e = error.toLowerCase();
  if (e === "access_denied") return MESSAGES.googleCancelled;
  if (e === "banned" || e === "banned_user") return MESSAGES.disabled;
  if (e === "email_not_found") return MESSAGES.invalidEmail;
  return MESSAGES.googleFailed;
}

/** "12 horas", "1 hora", "90 minutos": a staff session limit as the verification page says it. */
export function spanishDuration(minutes: number): string {
  if (minutes % 60 !== 0) return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
  const hours = minutes / 60;
  return hours === 1 ? "1 hora" : `${hours} horas`;
}

/** Why the back office asks a signed-in staff member for the second factor again (issue 28). */
export function reverifyMessage(reason: "age" | "idle", limits: { sessionHours: number; idleMinutes: number }): string {
  const lapse = reason === "age" ? spanishDuration(limits.sessionHours * 60) : `${spanishDuration(limits.idleMinutes)} sin actividad`;
  return `Por seguridad, vuelva a confirmar su identidad: ${lapse.startsWith("1 ") ? "ha pasado" : "han pasado"} ${lapse}.`;
}

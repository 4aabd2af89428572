import { z } from "zod";

/**
 * The administrators' second factor (issue 11): a 6-digit code of an authenticator app, or one
 * of the one-time backup codes better-auth gives at enrolment ("AbC12-dE34f"). Spaces and
 * dashes people type around the digits are ignored.
 */
export const SECOND_FACTOR_MESSAGES = {
  code: "Escriba los 6 números que muestra su aplicación de autenticación.",
  backupCode: "Escriba uno de sus códigos de respaldo (10 letras y números).",
  wrongCode: "El código no es correcto o ha caducado. Escriba el código que muestra ahora la aplicación.",
  wrongBackupCode: "Ese código de respaldo no es válido o ya se usó.",
  expired: "Han pasado demasiados minutos desde que inició sesión. Vuelva a iniciar sesión.",
  tooMany: "Demasiados intentos. Espere unos minutos e inténtelo de nuevo.",
  locked: "Demasiados códigos incorrectos: la cuenta queda bloqueada 15 minutos. Inténtelo después.",
  password: "La contraseña no es correcta.",
  unexpected: "No hemos podido completar la operación. Inténtelo de nuevo.",
} as const;

export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, SECOND_FACTOR_MESSAGES.code));

export const backupCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, SECOND_FACTOR_MESSAGES.backupCode)
      .transform((value) => (value.includes("-") ? value : `${value.slice(0, 5)}-${value.slice(5)}`)),
  );

/** better-auth's answer to a code, in the shop's words. */
export function secondFactorError(status: number, code: string | undefined, backup: boolean): string {
  if (code === "ACCOUNT_TEMPORARILY_LOCKED") return SECOND_FACTOR_MESSAGES.locked;
  if (status === 429 || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return SECOND_FACTOR_MESSAGES.tooMany;
  if (code === "INVALID_TWO_FACTOR_COOKIE") return SECOND_FACTOR_MESSAGES.expired;
  if (code === "INVALID_PASSWORD") return SECOND_FACTOR_MESSAGES.password;
  if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE" || status === 401) {
    return backup ? SECOND_FACTOR_MESSAGES.wrongBackupCode : SECOND_FACTOR_MESSAGES.wrongCode;
  }
  return SECOND_FACTOR_MESSAGES.unexpected;
}

/** The text key inside an otpauth:// URI, grouped in fours for typing it by hand. */
export function totpKeyOf(uri: string): string | null {
  try {
    const secret = new URL(uri).searchParams.get("secret");
    return secret ? secret.replace(/(.{4})(?=.)/g, "$1 ") : null;
  } catch {
    return null;
  }
}

/** What the enrolment form's action answers (app/server/accounts/enrolment-action.server.ts). */
export type EnrolmentScan = {
  step: 2;
  uri: string;
  key: string;
  qrSvg: string;
  backupCodes: string[];
  /** The codes as a .txt download (a phone cannot print them): data: URL and file name (issue 28). */
  codesFile: { href: string; name: string };
  error: string | null;
};
export type EnrolmentStart = { step: 1; error: string };
export type EnrolmentReply = EnrolmentScan | EnrolmentStart;

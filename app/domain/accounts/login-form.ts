import { PASSWORD_MESSAGES } from "./password-rules";

/**
 * The /login forms (spec sections 2 and 4): one e-mail/password form with three modes, kept
 * in the URL (?modo=registro, ?modo=recuperar) so that every mode is a link and works
 * without JavaScript. E-mail and password are taken as typed (spec section 5). Their schemas,
 * which only the actions use, are in login-form-schema.ts: this module is in the login page's
 * first load and has no zod in it (issue 14).
 */
export const LOGIN_MODES = ["init", "register", "forget"] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

const MODE_PARAM: Record<LoginMode, string | null> = { init: null, register: "registro", forget: "recuperar" };

export function modeFromParam(value: string | null): LoginMode {
  if (value === "registro") return "register";
  if (value === "recuperar") return "forget";
  return "init";
}

/** /login in a mode, keeping the page to return to after signing in. */
export function loginHref(mode: LoginMode, redirectTo?: string | null): string {
  const params = new URLSearchParams();
  const param = MODE_PARAM[mode];
  if (param) params.set("modo", param);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

export const MODE_TEXTS: Record<LoginMode, { title: string; submit: string; switchLabel: string }> = {
  init: { title: "Iniciar sesión", submit: "Iniciar sesión", switchLabel: "¿Ya tiene cuenta? Inicie sesión" },
  register: { title: "Crear cuenta", submit: "Crear cuenta", switchLabel: "¿No tiene cuenta? Cree una" },
  forget: { title: "¿Ha olvidado su contraseña?", submit: "Enviar email", switchLabel: "¿Ha olvidado su contraseña?" },
};

/** Hints shown as information (spec section 8); 12 characters, not 6 (docs/deviations.md, issue 28). */
export const HINTS = {
  register: PASSWORD_MESSAGES.hint,
  forget: "Escriba el email de su cuenta y le enviaremos un enlace para elegir una contraseña nueva.",
} as const;

export const INTENTS = ["signin", "register", "forget", "google", "signout"] as const;
export type LoginIntent = (typeof INTENTS)[number];

/** The mode whose form a sign-in intent belongs to (for showing its answer). */
export function modeOfIntent(intent: LoginIntent): LoginMode {
  return intent === "register" ? "register" : intent === "forget" ? "forget" : "init";
}

import { describe, expect, it } from "vitest";
import { authErrorMessage, MESSAGES, oauthErrorMessage, type AuthAction } from "./auth-messages";

describe("better-auth answers in the spec's Spanish (section 8)", () => {
  it.each([
    ["signin", 400, "INVALID_EMAIL", "Email no valido."],
    ["register", 400, "INVALID_EMAIL", "Email no valido."],
    ["register", 400, "VALIDATION_ERROR", "Email no valido."],
    ["forget", 400, "VALIDATION_ERROR", "Email no valido."],
    ["signin", 403, "BANNED_USER", "La cuenta ha sido desabilitada por el administrador."],
    ["register", 400, "PASSWORD_TOO_SHORT", "la contraseña debe contener 12 caracteres o mas."],
    ["reset", 400, "PASSWORD_TOO_SHORT", "la contraseña debe contener 12 caracteres o mas."],
    ["signin", 429, undefined, "Demasiados intentos. Espere un minuto e inténtelo de nuevo."],
    ["forget", 429, undefined, "Demasiados intentos. Espere un minuto e inténtelo de nuevo."],
    ["reset", 400, "INVALID_TOKEN", MESSAGES.badToken],
    ["signin", 403, "INVALID_ORIGIN", MESSAGES.badOrigin],
    ["signin", 403, "MISSING_OR_NULL_ORIGIN", MESSAGES.badOrigin],
    ["register", 403, "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED", MESSAGES.badOrigin],
    ["google", 404, "PROVIDER_NOT_FOUND", MESSAGES.googleUnavailable],
    ["google", 500, undefined, MESSAGES.googleFailed],
  ] as [AuthAction, number, string | undefined, string][])("%s %i %s", (action, status, code, text) => {
    expect(authErrorMessage(action, status, code)).toBe(text);
  });

  it("gives a wrong password and an unknown e-mail the same message (docs/deviations.md)", () => {
    const wrongPassword = authErrorMessage("signin", 401, "INVALID_EMAIL_OR_PASSWORD");
    expect(wrongPassword).toBe("Email o contraseña incorrectos.");
    for (const code of ["INVALID_PASSWORD", "USER_NOT_FOUND", "CREDENTIAL_ACCOUNT_NOT_FOUND", undefined]) {
      expect(authErrorMessage("signin", 401, code)).toBe(wrongPassword);
    }
  });

  it("never shows a code: anything unknown gets a Spanish sentence", () => {
    for (const action of ["signin", "register", "forget", "reset", "google"] as AuthAction[]) {
      for (const code of ["FAILED_TO_CREATE_USER", "SOMETHING_NEW", undefined]) {
        const text = authErrorMessage(action, 500, code);
        expect(text).not.toMatch(/[A-Z]{2,}_[A-Z]/);
        expect(text).toMatch(/^[¿A-ZÁÉÍÓÚ]/);
      }
    }
    expect(authErrorMessage("register", 422, "FAILED_TO_CREATE_USER")).toBe(MESSAGES.unexpected);
  });

  it("turns the ?error= of a failed Google return into Spanish", () => {
    expect(oauthErrorMessage("access_denied")).toBe(MESSAGES.googleCancelled);
    expect(oauthErrorMessage("BANNED_USER")).toBe(MESSAGES.disabled);
    expect(oauthErrorMessage("email_not_found")).toBe(MESSAGES.invalidEmail);
    expect(oauthErrorMessage("state_mismatch")).toBe(MESSAGES.googleFailed);
    expect(oauthErrorMessage("<script>")).toBe(MESSAGES.googleFailed);
  });
});

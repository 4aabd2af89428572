import { describe, expect, it } from "vitest";
import { browserName } from "./browser-name";
import { MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES, passwordLengthProblem, passwordProgress } from "./password-rules";

describe("password rules (issue 28)", () => {
  it("asks for 12 characters, counted as people count them", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(passwordLengthProblem("tejado-rojo")).toBe("la contraseña debe contener 12 caracteres o mas.");
    expect(passwordLengthProblem("tejado-rojo1")).toBeNull();
    // "ñ" is one character.
    expect(passwordLengthProblem("ññññññññññññ")).toBeNull();
    expect(passwordLengthProblem("x".repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it("says how many characters are still missing while typing", () => {
    expect(passwordProgress("tejado")).toBe("Faltan 6 caracteres.");
    expect(passwordProgress("tejado-rojo")).toBe("Falta 1 carácter.");
    expect(passwordProgress("tejado-rojo-y-verde")).toBe("Longitud suficiente.");
  });
});

describe("browserName", () => {
  it("names the brand and the system, not the version", () => {
    const chromeAndroid = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
    const safariIphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    const edge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    expect(browserName(chromeAndroid)).toBe("Chrome en Android");
    expect(browserName(safariIphone)).toBe("Safari en iPhone");
    expect(browserName(edge)).toBe("Edge en Windows");
    expect(browserName(firefox)).toBe("Firefox en Linux");
    expect(browserName("")).toBe("navegador desconocido");
    expect(browserName("curl/8.5.0")).toBe("curl/8.5.0");
  });
});

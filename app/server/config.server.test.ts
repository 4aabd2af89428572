import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.server";

describe("parseConfig", () => {
  it("gives working demo defaults with an empty environment", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBeUndefined();
    expect(c.DATA_DIR).toBe("./data");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.BANK_IBAN).toMatch(/^ES\d{22}$/);
    expect(c.SHOP_HOURS_CONTACT).toContain("10:00 a 14:00");
    expect(c.SHOP_HOURS_SUPPORT).toContain("16:00 a 20:00");
  });

  it("reads overrides and normalises the IBAN", () => {
    const c = parseConfig({ PORT: "8080", HOST: "127.0.0.1", BANK_IBAN: "es91 2100 0418 4502 0005 1332" });
    expect(c.PORT).toBe(8080);
    expect(c.HOST).toBe("127.0.0.1");
    expect(c.BANK_IBAN).toBe("ES9121000418450200051332");
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("names every bad variable in one Spanish message", () => {
    expect(() =>
      parseConfig({ PORT: "noventa", SHOP_EMAIL: "no-es-un-email", DATABASE_URL: "mysql://x" }),
    ).toThrow(/Configuración no válida:[\s\S]*PORT[\s\S]*DATABASE_URL[\s\S]*SHOP_EMAIL/);
  });
});

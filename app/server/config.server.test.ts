import { describe, expect, it } from "vitest";
import { parseConfig, parseTrustProxy, publicBaseUrl, seedsDemo, trustedOrigins } from "./config.server";

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

describe("SERVICE_POSTCODE_PREFIXES", () => {
  it("is Madrid (28) by default, and a comma-separated list of prefixes otherwise", () => {
    expect(parseConfig({}).SERVICE_POSTCODE_PREFIXES).toEqual(["28"]);
    expect(parseConfig({ SERVICE_POSTCODE_PREFIXES: " 28, 191 ,45200,28" }).SERVICE_POSTCODE_PREFIXES).toEqual(["28", "191", "45200"]);
  });

  it("refuses a prefix no Spanish postcode starts with, and an empty list", () => {
    expect(() => parseConfig({ SERVICE_POSTCODE_PREFIXES: "28,Madrid" })).toThrow(/SERVICE_POSTCODE_PREFIXES[\s\S]*cada prefijo/);
    expect(() => parseConfig({ SERVICE_POSTCODE_PREFIXES: "60" })).toThrow(/SERVICE_POSTCODE_PREFIXES/);
    expect(() => parseConfig({ SERVICE_POSTCODE_PREFIXES: " , " })).toThrow(/SERVICE_POSTCODE_PREFIXES[\s\S]*al menos un prefijo/);
  });
});

describe("public address", () => {
  it("follows PORT when unset, and trusts both local names", () => {
    const c = parseConfig({ PORT: "4123" });
    expect(publicBaseUrl(c)).toBe("http://localhost:4123");
    expect(trustedOrigins(c)).toEqual(["http://localhost:4123", "http://127.0.0.1:4123", "http://[::1]:4123"]);
  });

  it("is the one set, without its trailing slash", () => {
    const c = parseConfig({ PUBLIC_BASE_URL: "https://www.termoclima.es/" });
    expect(publicBaseUrl(c)).toBe("https://www.termoclima.es");
    expect(trustedOrigins(c)).toEqual(["https://www.termoclima.es"]);
  });

  it("is required in production on a public address or behind a proxy", () => {
    expect(() => parseConfig({ NODE_ENV: "production", HOST: "0.0.0.0" })).toThrow(/PUBLIC_BASE_URL: es obligatoria en producción/);
    expect(() => parseConfig({ NODE_ENV: "production", TRUST_PROXY: "1" })).toThrow(/PUBLIC_BASE_URL/);
    // `npm start` on one's own machine: no setting needed.
    expect(parseConfig({ NODE_ENV: "production" }).PUBLIC_BASE_URL).toBeUndefined();
    expect(parseConfig({ NODE_ENV: "production", HOST: "127.0.0.1" }).PUBLIC_BASE_URL).toBeUndefined();
  });
});

describe("several instances on PostgreSQL", () => {
  it("need one signing secret", () => {
    expect(() => parseConfig({ DATABASE_URL: "postgres://db/tienda" })).toThrow(/BETTER_AUTH_SECRET: es obligatoria con DATABASE_URL/);
    const secret = "s".repeat(32);
    expect(parseConfig({ DATABASE_URL: "postgres://db/tienda", BETTER_AUTH_SECRET: secret }).BETTER_AUTH_SECRET).toBe(secret);
  });

  it("get the demo catalogue only with SEED_DEMO=1; the embedded database always", () => {
    const secret = "s".repeat(32);
    expect(seedsDemo(parseConfig({ DATABASE_URL: "postgres://db/t", BETTER_AUTH_SECRET: secret }))).toBe(false);
    expect(seedsDemo(parseConfig({ DATABASE_URL: "postgres://db/t", BETTER_AUTH_SECRET: secret, SEED_DEMO: "1" }))).toBe(true);
    expect(seedsDemo(parseConfig({}))).toBe(true);
  });
});

describe("TRUST_PROXY", () => {
  it("reads like Express: hop count, boolean, or addresses", () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8 ,::1" }).TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8", "::1"]);
    expect(parseTrustProxy("proxy.example")).toBeNull();
    expect(parseTrustProxy("10.0.0.0/40")).toBeNull();
    expect(() => parseConfig({ TRUST_PROXY: "uno" })).toThrow(/TRUST_PROXY/);
  });
});

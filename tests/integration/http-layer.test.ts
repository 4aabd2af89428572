import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { parseTrustProxy, type TrustProxy } from "~/server/config.server";
import { clientAddressHeader } from "~/server/http/client-address.server";
import { isForeignRequest, refuseForeignOrigins } from "~/server/http/origin-check.server";
import { securityHeaders } from "~/server/http/security-headers.server";
import { clientAddress } from "~/server/rate-limit.server";

/*
 * The Express layer in front of the pages, on a real HTTP server: the client address the
 * rate limits see under each TRUST_PROXY form, foreign-Origin refusals, and headers under https.
 */

const servers: { close(): void }[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function serve(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** What app/server/rate-limit.server.ts reads as the client, behind TRUST_PROXY=`trust`. */
async function seenAddress(trust: TrustProxy, forwardedFor?: string): Promise<string> {
  const app = express();
  app.set("trust proxy", trust);
  app.use(clientAddressHeader);
  app.get("/", (req, res) => {
    const request = new Request("http://x/", { headers: { "x-forwarded-for": String(req.headers["x-forwarded-for"] ?? "") } });
    res.send(clientAddress(request));
  });
  const base = await serve(app);
  const response = await fetch(base, { headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} });
  return response.text();
}

describe("the client address the rate limits see", () => {
  it("without a proxy: the socket's, whatever the visitor claims", async () => {
    expect(await seenAddress(false, "203.0.113.7")).toBe("127.0.0.1");
  });

  it("TRUST_PROXY=1 (the README's example): the address the one proxy reported", async () => {
    expect(await seenAddress(parseTrustProxy("1")!, "203.0.113.7")).toBe("203.0.113.7");
    // A visitor's own header in front of the proxy's is not believed.
    expect(await seenAddress(parseTrustProxy("1")!, "198.51.100.1, 203.0.113.7")).toBe("203.0.113.7");
  });

  it("TRUST_PROXY=loopback: the proxies on this machine are believed", async () => {
    expect(await seenAddress(parseTrustProxy("loopback")!, "203.0.113.9")).toBe("203.0.113.9");
  });

  it("TRUST_PROXY listing another address: this socket is no trusted proxy", async () => {
    expect(await seenAddress(parseTrustProxy("10.0.0.1")!, "203.0.113.9")).toBe("127.0.0.1");
  });
});

describe("foreign origins", () => {
  const trusted = new Set(["https://www.termoclima.es"]);
  it("are told from this site's own requests", () => {
    expect(isForeignRequest({ origin: "https://www.termoclima.es" }, trusted)).toBe(false);
    expect(isForeignRequest({ origin: "https://evil.example" }, trusted)).toBe(true);
    expect(isForeignRequest({ origin: "null" }, trusted)).toBe(true);
    expect(isForeignRequest({ "sec-fetch-site": "cross-site" }, trusted)).toBe(true);
    expect(isForeignRequest({ "sec-fetch-site": "same-site" }, trusted)).toBe(true);
    expect(isForeignRequest({ "sec-fetch-site": "same-origin" }, trusted)).toBe(false);
    expect(isForeignRequest({ referer: "https://evil.example/page" }, trusted)).toBe(true);
    expect(isForeignRequest({ referer: "https://www.termoclima.es/carrito" }, trusted)).toBe(false);
    expect(isForeignRequest({ referer: "no es una url" }, trusted)).toBe(true);
    // No browser sends none of them on a post: no visitor's cookies can be abused by it.
    expect(isForeignRequest({}, trusted)).toBe(false);
  });

  it("get a Spanish 403 on every method that changes things, and reads pass", async () => {
    const app = express();
    app.use(refuseForeignOrigins(["https://www.termoclima.es"]));
    app.all("/{*splat}", (_req, res) => res.send("ok"));
    const base = await serve(app);
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${base}/carrito`, { method, headers: { Origin: "https://evil.example" } });
      expect(response.status, method).toBe(403);
      expect(await response.text()).toContain("No hemos podido comprobar el origen de la petición");
    }
    expect((await fetch(`${base}/carrito`, { headers: { Origin: "https://evil.example" } })).status).toBe(200);
    expect((await fetch(`${base}/carrito`, { method: "POST", headers: { Origin: "https://www.termoclima.es" } })).status).toBe(200);
  });
});

describe("headers under https", () => {
  it("add HSTS and upgrade-insecure-requests; over http neither", async () => {
    const headersFor = async (baseUrl: string) => {
      const app = express();
      app.use(securityHeaders({ baseUrl, formTargets: ["https://accounts.google.com"] }));
      app.get("/", (_req, res) => res.send("ok"));
      return (await fetch(await serve(app))).headers;
    };
    const secure = await headersFor("https://www.termoclima.es");
    expect(secure.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(secure.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect(secure.get("content-security-policy")).toContain("form-action 'self' https://accounts.google.com");
    const plain = await headersFor("http://localhost:3000");
    expect(plain.get("strict-transport-security")).toBeNull();
    expect(plain.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });
});

describe("cookies under https", () => {
  it("are Secure, HttpOnly and SameSite=Lax; over http not Secure", async () => {
    const { resetConfigForTests } = await import("~/server/config.server");
    const { basketCookie, consentCookie } = await import("~/server/cookies.server");
    try {
      process.env.PUBLIC_BASE_URL = "https://www.termoclima.es";
      resetConfigForTests();
      for (const cookie of [await consentCookie().serialize("accepted"), await basketCookie().serialize("x")]) {
        expect(cookie).toMatch(/; Secure/);
        expect(cookie).toMatch(/; HttpOnly/);
        expect(cookie).toMatch(/; SameSite=Lax/);
      }
    } finally {
      delete process.env.PUBLIC_BASE_URL;
      resetConfigForTests();
    }
    expect(await consentCookie().serialize("accepted")).not.toMatch(/Secure/);
  });
});

import { like, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/accounts/auth-messages";
import { suggestionsResponse } from "~/server/catalogue/suggestions.server";
import { resetConfigForTests } from "~/server/config.server";
import { requestLimits } from "~/server/db/shared-schema.server";
import { setupTestDatabase } from "../db-utils";
import { authRequest } from "../support/auth-utils";

/*
 * The shop's one rate-limit mechanism (app/server/rate-limit.server.ts, decision 0023), from
 * the attacker's side: N requests from one address pass, the N+1th is refused with 429 and a
 * Spanish message, and another address goes on. better-auth's own limiter counts in our
 * request_limits table; the search suggestions count in memory.
 */

const ready = setupTestDatabase();

afterEach(() => {
  delete process.env.SUGGESTIONS_RATE_LIMIT;
  resetConfigForTests();
});

/** Posts to better-auth's endpoint from one address `times` times; the statuses and the last answer. */
async function hammer(path: string, body: (i: number) => Record<string, unknown>, times: number, address: string) {
  const statuses: number[] = [];
  let last: Response | null = null;
  for (let i = 0; i < times; i++) {
    last = await authRequest(path, body(i), "", address);
    statuses.push(last.status);
  }
  return { statuses, last: last! };
}

describe("better-auth's limits, counted in request_limits", () => {
  // Eleven password sign-ins (scrypt each): 18 s at a load average of 15 here, past the default 30 s at 21.
  it("sign-in: 10 tries a minute from one address, the 11th is 429 in Spanish with the wait", { timeout: 90_000 }, async () => {
    const { db } = await ready;
    // Another e-mail each time, so that only the limit per address answers (not the delay per account).
    const { statuses, last } = await hammer("/sign-in/email", (i) => ({ email: `nadie-${i}@example.com`, password: "equivocada1" }), 11, "203.0.113.50");
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(await last.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: MESSAGES.tooMany });
    expect(MESSAGES.tooMany).toBe("Demasiados intentos. Espere un minuto e inténtelo de nuevo.");
    expect(Number(last.headers.get("x-retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(last.headers.get("x-retry-after"))).toBeLessThanOrEqual(60);
    // One mechanism: the count is in our table (better-auth's own rate_limit table is gone, migration 0019).
    const [row] = await db.select().from(requestLimits).where(like(requestLimits.key, "auth:203.0.113.50|/sign-in/email"));
    expect(row?.count).toBe(11);
    expect((await db.execute(sql`select to_regclass('rate_limit') as t`)).rows[0]).toEqual({ t: null });
    // Another address is not held up.
    expect((await authRequest("/sign-in/email", { email: "nadie@example.com", password: "equivocada1" }, "", "203.0.113.51")).status).toBe(401);
  });

  it("sign-up: 5 a minute from one address, the 6th is 429 in Spanish", async () => {
    await ready;
    const { statuses, last } = await hammer("/sign-up/email", (i) => ({ email: `limite-${i}@example.com`, password: "unaClaveLarga8", name: "L" }), 6, "203.0.113.60");
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await last.json()).message).toBe(MESSAGES.tooMany);
  });

  it("password reset: 5 a minute from one address, the 6th is 429 in Spanish", async () => {
    await ready;
    const { statuses, last } = await hammer("/request-password-reset", () => ({ email: "olvido@example.com", redirectTo: "/login/restablecer" }), 6, "203.0.113.70");
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await last.json()).message).toBe(MESSAGES.tooMany);
  });
});

describe("the search suggestions' limit, counted in memory", () => {
  const ask = (address: string) =>
    suggestionsResponse(new Request("http://localhost/buscar/sugerencias?q=daikin", { headers: { "x-forwarded-for": address } }));

  it("answers SUGGESTIONS_RATE_LIMIT times a minute; the next is 429 in Spanish, with Retry-After", async () => {
    await ready;
    process.env.SUGGESTIONS_RATE_LIMIT = "3";
    resetConfigForTests();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask("198.51.100.20")).status);
    const refused = await ask("198.51.100.20");
    expect([...statuses, refused.status]).toEqual([200, 200, 200, 429]);
    expect(await refused.json()).toEqual({ error: "Demasiadas búsquedas seguidas: espere un minuto." });
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect((await ask("198.51.100.21")).status).toBe(200);
  });
});

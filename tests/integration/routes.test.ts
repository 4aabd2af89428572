import { describe, expect, it, vi } from "vitest";
import { setFlag } from "~/server/site/flags.server";
import { action as cookiesAction } from "~/routes/site/cookies";
import { loader as healthz } from "~/routes/site/healthz";
import { loader as readyz } from "~/routes/site/readyz";
import { loader as rootLoader } from "~/root";
import { setupTestDatabase } from "../db-utils";

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

function post(url: string, fields: Record<string, string>) {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

const ready = setupTestDatabase();

describe("root loader", () => {
  it("gives the frame its data: shop, flags, an empty basket, no decision on cookies", async () => {
    await ready;
    const data = await rootLoader(args(new Request("http://localhost/")));
    expect(data.shop.name).toBeTruthy();
    expect(data.basketCount).toBe(0);
    expect(data.consent).toBeNull();
  });

  it("remembers the cookie decision", async () => {
    await ready;
    const response = await cookiesAction(args(post("http://localhost/cookies", { decision: "rechazar", redirectTo: "/tienda" })));
    const cookie = (response as Response).headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^cookie_consent=/);
    expect(cookie).toMatch(/HttpOnly/i);
    const data = await rootLoader(args(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } })));
    expect(data.consent).toBe("rejected");
  });

  it("answers 503 with Retry-After while the maintenance flag is on", async () => {
    const { db } = await ready;
    await setFlag(db, "maintenance", true);
    try {
      await rootLoader(args(new Request("http://localhost/")));
      expect.unreachable();
    } catch (thrown) {
      const error = thrown as { init?: ResponseInit; data?: { maintenance?: boolean } };
      expect(error.init?.status).toBe(503);
      expect(new Headers(error.init?.headers).get("Retry-After")).toBe("600");
      expect(error.data?.maintenance).toBe(true);
    } finally {
      await setFlag(db, "maintenance", false);
    }
  });
});

describe("cookie decision", () => {
  it("goes back to the page, never to another site", async () => {
    const response = (await cookiesAction(
      args(post("http://localhost/cookies", { decision: "aceptar", redirectTo: "//evil.example/x" })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("answers 400 in Spanish to anything but aceptar or rechazar: a page for a plain post, data for the banner's fetcher", async () => {
    const page = (await cookiesAction(args(post("http://localhost/cookies", { decision: "quizá" })))) as Response;
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Elija «Aceptar» o «Rechazar».");
    const result = (await cookiesAction(args(post("http://localhost/cookies", { decision: "quizá", js: "1" })))) as unknown as {
      init: ResponseInit;
      data: { error: string };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.error).toContain("Aceptar");
  });
});

// Last: the second test closes this file's database.
describe("/healthz and /readyz", () => {
  it("answer 200 while the database answers", async () => {
    await ready;
    expect(healthz().status).toBe(200);
    expect((await readyz()).status).toBe(200);
  });

  it("when it does not: /readyz 503 with the reason, /healthz still 200 (the process is alive)", async () => {
    const handle = await ready;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await handle.close();
    const response = await readyz();
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("la base de datos no responde");
    expect(healthz().status).toBe(200);
    expect(errors).toHaveBeenCalled();
  });
});

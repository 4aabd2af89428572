import express from "express";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { requestContextMiddleware } from "~/server/http/request-context.server";
import { createLogger, requestContext } from "~/server/log.server";

describe("structured logs", () => {
  const servers: { close(): void }[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  it("give every request an id, sent back and kept by every line written while it is served", async () => {
    const seen: (string | undefined)[] = [];
    const app = express();
    app.use(requestContextMiddleware);
    app.get("/", (_req, res) => {
      seen.push(requestContext.getStore()?.requestId);
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const first = await fetch(base);
    const second = await fetch(base, { headers: { "X-Request-Id": "proxy-id-12345" } });
    const bad = await fetch(base, { headers: { "X-Request-Id": "<script>" } });
    expect(first.headers.get("x-request-id")).toBe(seen[0]);
    expect(second.headers.get("x-request-id")).toBe("proxy-id-12345");
    expect(seen[1]).toBe("proxy-id-12345");
    expect(bad.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("censor passwords, tokens, cookies and addresses, and add the request id", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    // The shop's logger, writing to a sink of our own.
    const logger = createLogger(sink);
    requestContext.run({ requestId: "req-abc-123" }, () => {
      logger.info(
        { password: "clave-secreta", user: { token: "tok-123", email: "a@b.es" }, addressSend: { direccion: "Calle Mayor 1" }, cookie: "s=1" },
        "prueba",
      );
    });
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry.reqId).toBe("req-abc-123");
    expect(lines[0]).not.toMatch(/clave-secreta|tok-123|Calle Mayor|s=1/);
    expect(entry.msg).toBe("prueba");
  });
});


describe("errors in the log", () => {
  it("lose the parameters of a failed query and anything but plain fields", async () => {
    const { DrizzleQueryError } = await import("drizzle-orm/errors");
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const driver = Object.assign(new Error("connection terminated"), { code: "57P01", client: { password: "x", huge: "y".repeat(5000) } });
    const failed = new DrizzleQueryError('select * from "session" where "session"."token" = $1', ["token-de-sesion-secreto"], driver);
    createLogger(sink).error({ err: failed }, "no se pudo leer la sesión");
    expect(lines[0]).not.toContain("token-de-sesion-secreto");
    expect(lines[0]).not.toContain("yyyyy");
    const entry = JSON.parse(lines[0]!) as { err: { message: string; cause: { code: string } } };
    expect(entry.err.message).toContain('where "session"."token" = $1');
    expect(entry.err.cause.code).toBe("57P01");
  });
});

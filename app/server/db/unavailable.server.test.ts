import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.server";

describe("isDatabaseUnavailable", () => {
  it("knows a refused connection, as the driver reports it and as Drizzle wraps it", async () => {
    // Port 1 on this machine: nothing listens there.
    const client = new pg.Client({ connectionString: "postgres://x@127.0.0.1:1/x", connectionTimeoutMillis: 2000 });
    const refused = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], refused as Error))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    // As pg-pool hands it on, without its code (seen with a database proxy cut off).
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], new Error("connect ECONNREFUSED 127.0.0.1:3341")))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is shutting down"), { code: "57P03" }))).toBe(true);
  });

  it("leaves other failures alone: they are 500s", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: "42P01" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable("texto")).toBe(false);
  });
});

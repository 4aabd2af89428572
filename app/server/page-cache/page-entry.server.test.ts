import { createHash } from "node:crypto";
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { inlineHashes, policyWithHashes, storedPageOf } from "./page-entry.server";

const NONCE = "hOslcg9eMdEpdGtw5g9Vmg==";
const POLICY = `default-src 'self';script-src 'self' 'nonce-${NONCE}';style-src 'self' 'nonce-${NONCE}';img-src 'self' data:;object-src 'none'`;
const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const page = (body: string) =>
  `<!DOCTYPE html><html lang="es"><head><style nonce="${NONCE}">body{color:red}</style></head><body>${body}` +
  `<script nonce="${NONCE}">window.__ctx = {"a":"ñ"};</script>` +
  `<script type="module" nonce="${NONCE}">import "/assets/entry.js";</script>` +
  `<script src="/assets/x.js" nonce="${NONCE}"></script></body></html>`;

describe("a rendered page made fit for everyone", () => {
  it("hashes inline scripts and styles, not external scripts or JSON-LD data blocks", () => {
    const html = `<script type="application/ld+json">{"@context":"https://schema.org"}</script><script>a()</script><script src="/b.js"></script><style>p{}</style><script>a()</script>`;
    expect(inlineHashes(html)).toEqual({ scripts: [hash("a()")], styles: [hash("p{}")] });
  });

  it("replaces the nonce of script-src and style-src by the hashes, leaving the rest of the policy", () => {
    const policy = policyWithHashes(POLICY, NONCE, { scripts: ["'sha256-a'", "'sha256-b'"], styles: [] });
    expect(policy).toBe(`default-src 'self';script-src 'self' 'sha256-a' 'sha256-b';style-src 'self';img-src 'self' data:;object-src 'none'`);
  });

  it("takes the nonce out of the HTML, allows exactly its inline code, and compresses it once", async () => {
    const stored = await storedPageOf({
      url: "/tienda/aires",
      key: "-|0|/tienda/aires",
      tags: ["site", "f:aires"],
      contentType: "text/html; charset=utf-8",
      policy: POLICY,
      nonce: NONCE,
      headers: [["x-content-type-options", "nosniff"]],
      html: Buffer.from(page("<h1>Aires acondicionados</h1>")),
    });
    expect(stored).not.toBeNull();
    expect(stored!.headers).toEqual([["x-content-type-options", "nosniff"]]);
    const html = stored!.body.toString("utf8");
    expect(html).not.toContain(NONCE);
    expect(html).not.toContain("nonce=");
    expect(stored!.policy).not.toContain("nonce");
    for (const script of ['window.__ctx = {"a":"ñ"};', 'import "/assets/entry.js";']) expect(stored!.policy).toContain(hash(script));
    expect(stored!.policy).toContain(`style-src 'self' ${hash("body{color:red}")}`);
    expect(gunzipSync(stored!.gzip).equals(stored!.body)).toBe(true);
    expect(brotliDecompressSync(stored!.br).equals(stored!.body)).toBe(true);
    expect(stored!.etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it("keeps nothing whose nonce shows anywhere but in the attributes, or that was not rendered with one", async () => {
    const base = { url: "/", key: "-|0|/", tags: ["site"], contentType: "text/html", policy: POLICY, nonce: NONCE, headers: [] as [string, string][] };
    expect(await storedPageOf({ ...base, html: Buffer.from(page(`<p data-x="${NONCE}"></p>`)) })).toBeNull();
    expect(await storedPageOf({ ...base, nonce: "", html: Buffer.from(page("")) })).toBeNull();
    expect(await storedPageOf({ ...base, policy: "script-src 'self'", html: Buffer.from(page("")) })).toBeNull();
  });
});

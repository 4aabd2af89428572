import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { StoredPage } from "./page-store.server";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/*
 * A rendered page made fit to serve to everyone: the response's nonce taken out of the HTML,
 * and a Content-Security-Policy that allows exactly the page's inline scripts and styles by
 * their SHA-256 instead (a nonce served twice would be no nonce; a hash is as strict and does
 * not change). Compressed once, in the background threads, not per response.
 */

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The hashes of the inline scripts (data blocks such as JSON-LD are not scripts) and styles. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => !/\btype="application\/(ld\+)?json"/.test(attributes!))
    .map(([, , text]) => sha256(text!));
  const styles = [...html.matchAll(INLINE_STYLE)].map(([, text]) => sha256(text!));
  return { scripts: [...new Set(scripts)], styles: [...new Set(styles)] };
}

/** The policy with the nonce source of script-src and style-src replaced by these hashes. */
export function policyWithHashes(policy: string, nonce: string, hashes: { scripts: string[]; styles: string[] }): string {
  const nonceSource = `'nonce-${nonce}'`;
  return policy
    .split(";")
    .map((directive) => {
      const [name] = directive.trim().split(/\s+/);
      const sources = name === "script-src" ? hashes.scripts : name === "style-src" ? hashes.styles : null;
      if (!sources) return directive;
      const replaced = directive.replace(` ${nonceSource}`, sources.length ? ` ${sources.join(" ")}` : "");
      return replaced;
    })
    .join(";");
}

export type RenderedPage = {
  url: string;
  key: string;
  tags: readonly string[];
  contentType: string;
  policy: string;
  nonce: string;
  headers: [string, string][];
  html: Buffer;
};

/** The page to keep, or null when it cannot be made nonce-free (it is then never kept). */
export async function storedPageOf(rendered: RenderedPage): Promise<StoredPage | null> {
  const { nonce } = rendered;
  if (!nonce || !rendered.policy.includes(`'nonce-${nonce}'`)) return null;
  const html = rendered.html.toString("utf8").replaceAll(` nonce="${nonce}"`, "");
  if (html.includes(nonce)) return null;
  const body = Buffer.from(html, "utf8");
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  return {
    url: rendered.url,
    key: rendered.key,
    tags: rendered.tags,
    contentType: rendered.contentType,
    policy: policyWithHashes(rendered.policy, nonce, inlineHashes(html)),
    headers: rendered.headers,
    etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
    body,
    gzip: gzipped,
    br: brotli,
  };
}

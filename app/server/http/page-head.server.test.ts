import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { completeHead, pageTransform } from "./page-head.server";
import { PRELOAD_MARKER, scriptAfterFirstPaint, takeModulePreloads } from "./scripts-after-paint.server";

const head =
  '<head><meta charSet="utf-8"/><title>Inicio</title><link rel="modulepreload" href="/assets/entry.client-x.js" nonce="n1"/><link rel="modulepreload" href="/assets/root-y.js" nonce="n1"/>';
const routerScript = `;
import * as route0 from "/assets/root-y.js";
import * as route1 from "/assets/home-z.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-x.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};

import("/assets/entry.client-x.js");`;
const page = `<!DOCTYPE html><html lang="es">${head}</head><body><main id="contenido"><h1>Bienvenido, ñandú</h1></main><script nonce="n1">window.__ctx = {};</script><script nonce="n1" type="module" async="">${routerScript}</script><script nonce="n1">window.__ctx.done = 1;</script></body></html>`;

async function transformed(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(pageTransform("body{margin:0}", "n1"))) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("completeHead", () => {
  it("inlines the stylesheet with the response's nonce at the end of <head>", () => {
    expect(completeHead(head, "body{margin:0}", "n1").endsWith('<style nonce="n1">body{margin:0}</style>')).toBe(true);
    expect(completeHead(head, "a{}", undefined).endsWith("<style>a{}</style>")).toBe(true);
  });

  it("holds the first paint until <main> is parsed, so header and cookie banner paint whole", () => {
    expect(completeHead(head, "", "n1")).toContain('<link rel="expect" href="#contenido" blocking="render">');
  });
});

describe("the hydration scripts after the first paint", () => {
  it("takes the module preloads out of <head>, in order, once each", () => {
    const taken = takeModulePreloads(head + '<link rel="modulepreload" fetchpriority="low" href="/assets/root-y.js"/>');
    expect(taken.hrefs).toEqual(["/assets/entry.client-x.js", "/assets/root-y.js"]);
    expect(taken.head).toBe('<head><meta charSet="utf-8"/><title>Inicio</title>');
  });

  it("React Router's script waits for a frame, preloads the same modules, imports the routes in parallel and goes on as before", () => {
    const text = scriptAfterFirstPaint(routerScript, ["/assets/entry.client-x.js", "/assets/root-y.js"]);
    const lines = text.split("\n");
    expect(lines[0]).toContain("requestAnimationFrame");
    expect(lines[0]).toContain('document.visibilityState === "hidden"');
    expect(lines[1]).toContain(`${PRELOAD_MARKER}["/assets/entry.client-x.js","/assets/root-y.js"]`);
    expect(lines[2]).toBe('const [route0, route1] = await Promise.all([import("/assets/root-y.js"), import("/assets/home-z.js")]);');
    expect(text).not.toMatch(/import \* as/);
    expect(text).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};');
    expect(text.trimEnd().endsWith('import("/assets/entry.client-x.js");')).toBe(true);
  });

  it("rewrites the page whole, however the stream cuts it (tags and multi-byte letters across chunks)", async () => {
    const whole = await transformed([Buffer.from(page)]);
    expect(whole).not.toContain('rel="modulepreload"');
    expect(whole).toContain('<link rel="expect" href="#contenido" blocking="render"><style nonce="n1">body{margin:0}</style></head>');
    expect(whole).toContain('<script nonce="n1" type="module" async="">await new Promise(');
    expect(whole).toContain("<h1>Bienvenido, ñandú</h1>");
    expect(whole).toContain('<script nonce="n1">window.__ctx.done = 1;</script></body></html>');
    const bytes = Buffer.from(page);
    for (const size of [1, 7, 64, 333]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await transformed(chunks), `trozos de ${size} bytes`).toBe(whole);
    }
  });

  it("a page without React Router's script passes through with its head completed", async () => {
    const plain = `<html><head><title>x</title></head><body><script>1</script></body></html>`;
    expect(await transformed([Buffer.from(plain)])).toBe(`<html><head><title>x</title><link rel="expect" href="#contenido" blocking="render"><style nonce="n1">body{margin:0}</style></head><body><script>1</script></body></html>`);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { firstLoadJsOfHtml, preloadedModules } from "./first-load-js";

const gz = (text: string) => gzipSync(text, { level: 9 }).length / 1024;
const round = (kb: number) => Math.round(kb * 10) / 10;

describe("first-load JavaScript of a page", () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), "primera-carga-"));
  mkdirSync(path.join(clientDir, "assets"));
  const entry = "export const a = 1;\n".repeat(400);
  const route = "export function ruta() { return 'hola'; }\n".repeat(50);
  writeFileSync(path.join(clientDir, "assets/entry.client-x.js"), entry);
  writeFileSync(path.join(clientDir, "assets/home-y.js"), route);
  const inline = 'window.__reactRouterContext = {"ssr":true};';
  const html = `<html><head>
    <link rel="modulepreload" href="/assets/entry.client-x.js" nonce="n"/>
    <link rel="modulepreload" fetchpriority="low" href="/assets/home-y.js"/>
    <link rel="modulepreload" href="/assets/entry.client-x.js" nonce="n"/>
    <link rel="stylesheet" href="/assets/site.css"/>
    </head><body><script nonce="n">${inline}</script></body></html>`;

  it("counts each preloaded module once, in order, whatever the order of its attributes, and no stylesheet", () => {
    expect(preloadedModules(html)).toEqual(["/assets/entry.client-x.js", "/assets/home-y.js"]);
  });

  it("also reads the list a production page preloads after its first paint", () => {
    const deferred = `<head></head><body><script type="module">for (const href of /*modulepreload*/["/assets/entry.client-x.js","/assets/home-y.js"]) {}</script></body>`;
    expect(preloadedModules(deferred)).toEqual(["/assets/entry.client-x.js", "/assets/home-y.js"]);
  });

  it("sums the gzip -9 size of the preloaded modules read from the build and of the inline scripts", () => {
    const load = firstLoadJsOfHtml(html, "inicio", "/", clientDir);
    expect(load).toEqual({
      page: "inicio",
      path: "/",
      files: 2,
      modulesKb: round(gz(entry) + gz(route)),
      inlineKb: round(gz(inline)),
      totalKb: round(gz(entry) + gz(route) + gz(inline)),
    });
  });
});

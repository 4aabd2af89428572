import { describe, expect, it } from "vitest";
import { completeHead } from "./page-head.server";

const head = '<head><meta charSet="utf-8"/><title>Inicio</title><link rel="modulepreload" href="/assets/entry.client-x.js" nonce="n1"/><link rel="modulepreload" href="/assets/root-y.js" nonce="n1"/>';

describe("completeHead", () => {
  it("inlines the stylesheet with the response's nonce at the end of <head>", () => {
    expect(completeHead(head, "body{margin:0}", "n1").endsWith('<style nonce="n1">body{margin:0}</style>')).toBe(true);
    expect(completeHead(head, "a{}", undefined).endsWith("<style>a{}</style>")).toBe(true);
  });

  it("holds the first paint until <main> is parsed, so header and cookie banner paint whole", () => {
    expect(completeHead(head, "", "n1")).toContain('<link rel="expect" href="#contenido" blocking="render">');
  });

  it("asks for every module preload at low priority and keeps the rest of <head> as it was", () => {
    const out = completeHead(head, "", "n1");
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(out.startsWith('<head><meta charSet="utf-8"/><title>Inicio</title>')).toBe(true);
  });
});

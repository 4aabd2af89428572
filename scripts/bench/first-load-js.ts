import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PRELOAD_MARKER } from "../../app/server/http/scripts-after-paint.server";

/** Issue 14's budget: first-load JavaScript, gzip, on every page. */
export const JS_BUDGET_KB = 130;

export type FirstLoad = { page: string; path: string; files: number; modulesKb: number; inlineKb: number; totalKb: number };

export const gzipKb = (data: Buffer | string) => gzipSync(data, { level: 9 }).length / 1024;

/**
 * The modules a page's HTML preloads (the client entry, React, the route chunks), in order,
 * without repeats: `<link rel="modulepreload">` tags, whatever the order of their attributes,
 * and the list the production pages preload after their first paint
 * (app/server/http/scripts-after-paint.server.ts).
 */
export function preloadedModules(html: string): string[] {
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]).filter((tag) => /\brel="modulepreload"/.test(tag));
  const hrefs = links.map((tag) => /\bhref="([^"]+)"/.exec(tag)?.[1]).filter((href): href is string => !!href);
  for (const [, list] of html.matchAll(new RegExp(`${escape(PRELOAD_MARKER)}(\\[[^\\]]*\\])`, "g"))) hrefs.push(...(JSON.parse(list!) as string[]));
  return [...new Set(hrefs)];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * The JavaScript a first visit to a page loads, gzip-compressed, from its HTML: the modules
 * it preloads, read from the build's client folder, and its inline scripts (the routes' manifest
 * and the hydration data). Code a page fetches later (a form's checks, a pop-up) is not counted.
 * Bytes, so the same build always gives the same figures.
 */
export function firstLoadJsOfHtml(html: string, name: string, pagePath: string, clientDir: string): FirstLoad {
  const hrefs = preloadedModules(html);
  const modulesKb = hrefs.reduce((sum, href) => sum + gzipKb(readFileSync(path.join(clientDir, href))), 0);
  const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("\n");
  const inlineKb = inline ? gzipKb(inline) : 0;
  const round = (kb: number) => Math.round(kb * 10) / 10;
  return { page: name, path: pagePath, files: hrefs.length, modulesKb: round(modulesKb), inlineKb: round(inlineKb), totalKb: round(modulesKb + inlineKb) };
}

/** The first-load JavaScript of `pagePath` as an anonymous visitor gets it from the server at `base`. */
export async function firstLoadJs(base: string, name: string, pagePath: string, clientDir: string): Promise<FirstLoad> {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  return firstLoadJsOfHtml(html, name, pagePath, clientDir);
}

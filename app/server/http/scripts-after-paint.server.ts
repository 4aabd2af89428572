/*
 * The hydration scripts start after the page's first paint (issue 14, Lighthouse's LCP).
 *
 * Every page works without JavaScript; the scripts only hydrate it. Loaded as React Router
 * emits them (module preloads in <head>, a module script that imports the route modules at
 * once), a fast connection had them fetched and run before the first frame was painted, and
 * Lighthouse's simulation of a phone on 4G then counted their download and run in the page's
 * largest paint: 2.2-2.4 s instead of 1.0-1.3 s. Here the preloads leave <head> and React
 * Router's module script waits for the first frame, then asks for the same modules in
 * parallel and goes on exactly as before. A tab opened in the background does not wait.
 */

/** `<link rel="modulepreload" ...>` tags of React Router. */
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
/** The static imports of React Router's module script: `import * as route0 from "/assets/root-x.js";`. */
const ROUTE_IMPORT = /import \* as (\w+) from "([^"]+)";/g;
/** Marks the list in the rewritten script, for scripts/bench/first-load-js.ts. */
export const PRELOAD_MARKER = "/*modulepreload*/";

/** The head without its module preloads, and their addresses in order. */
export function takeModulePreloads(head: string): { head: string; hrefs: string[] } {
  const hrefs: string[] = [];
  const rest = head.replace(MODULE_PRELOAD, (tag) => {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && !hrefs.includes(href)) hrefs.push(href);
    return "";
  });
  return { head: rest, hrefs };
}

/** True for the opening tag of React Router's module script (whatever its nonce). */
export const isRouterModuleScript = (openingTag: string) => /\btype="module"/.test(openingTag) && !/\bsrc=/.test(openingTag);

/** React Router's module script text, made to start after the first paint. */
export function scriptAfterFirstPaint(text: string, hrefs: readonly string[]): string {
  const imports = [...text.matchAll(ROUTE_IMPORT)].map(([, name, href]) => ({ name: name!, href: href! }));
  if (imports.length === 0) return text;
  const rest = text.replace(ROUTE_IMPORT, "");
  const names = imports.map((i) => i.name).join(", ");
  const loads = imports.map((i) => `import(${JSON.stringify(i.href)})`).join(", ");
  return [
    'await new Promise((go) => document.visibilityState === "hidden" ? go() : requestAnimationFrame(() => setTimeout(go, 0)));',
    `for (const href of ${PRELOAD_MARKER}${JSON.stringify(hrefs)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }`,
    `const [${names}] = await Promise.all([${loads}]);`,
    rest,
  ].join("\n");
}

/**
 * What the production server adds to every page's <head> (Lighthouse mobile budget, issue 14).
 * React 19 skips unknown <head> elements when hydrating, so none of this disturbs it.
 * - The site's stylesheet, inlined: the first paint waits for no CSS request. The styles are
 *   global and stay across client-side navigations.
 * - `<link rel="expect" href="#contenido" blocking="render">`: the first paint waits until the
 *   parser has reached <main>, so it shows the header and the cookie banner (first in <body>,
 *   app/ui/site-shell.tsx) whole. Painted half-parsed, the banner grew upwards in the next
 *   frame (a layout shift), and the page's largest text came frames later, after the scripts.
 *   Browsers without `blocking` ignore it; a page without #contenido paints once parsed.
 * - `fetchpriority="low"` on React Router's module preloads: the scripts hydrate a page that
 *   already works without them, so they should not take the bandwidth of the document and
 *   the main picture (fetchpriority="high"); they still load at once, right after.
 */
const RENDER_AFTER_MAIN = '<link rel="expect" href="#contenido" blocking="render">';

/** `head` is the page's HTML up to (not including) `</head>`. */
export function completeHead(head: string, css: string, nonce: string | undefined): string {
  const style = `<style${nonce ? ` nonce="${nonce}"` : ""}>${css}</style>`;
  return head.replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ') + RENDER_AFTER_MAIN + style;
}

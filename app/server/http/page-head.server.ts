import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";
import { isRouterModuleScript, scriptAfterFirstPaint, takeModulePreloads } from "./scripts-after-paint.server";

/**
 * What the production server changes in every page it renders (Lighthouse mobile budget,
 * issue 14). React 19 skips unknown <head> elements when hydrating, so none of this disturbs it.
 * - The site's stylesheet, inlined: the first paint waits for no CSS request. The styles are
 *   global and stay across client-side navigations.
 * - `<link rel="expect" href="#contenido" blocking="render">`: the first paint waits until the
 *   parser has reached <main>, so it shows the header and the cookie banner (first in <body>,
 *   app/ui/site/site-shell.tsx) whole. Painted half-parsed, the banner grew upwards in the next
 *   frame (a layout shift). Browsers without `blocking` ignore it; a page without #contenido
 *   paints once parsed.
 * - The hydration scripts start after the first paint (scripts-after-paint.server.ts): React
 *   Router's module preloads leave <head>, and its module script waits for the first frame.
 */
const RENDER_AFTER_MAIN = '<link rel="expect" href="#contenido" blocking="render">';

/** `head` is the page's HTML up to (not including) `</head>`, without its module preloads. */
export function completeHead(head: string, css: string, nonce: string | undefined): string {
  const style = `<style${nonce ? ` nonce="${nonce}"` : ""}>${css}</style>`;
  return head + RENDER_AFTER_MAIN + style;
}

const SCRIPT_OPEN = /<script\b[^>]*>/g;

/**
 * The rendered HTML stream with completeHead applied to its <head> and React Router's module
 * script made to wait for the first paint. Text is held back only while a tag it looks for
 * may be cut between two chunks.
 */
export function pageTransform(css: string, nonce: string | undefined): Transform {
  const decoder = new StringDecoder("utf8");
  let phase: "head" | "body" | "done" = "head";
  let held = "";
  let preloads: string[] = [];

  const body = (html: string): string => {
    SCRIPT_OPEN.lastIndex = 0;
    for (let match = SCRIPT_OPEN.exec(html); match; match = SCRIPT_OPEN.exec(html)) {
      if (!isRouterModuleScript(match[0])) continue;
      const textStart = match.index + match[0].length;
      const end = html.indexOf("</script>", textStart);
      if (end === -1) {
        held = html.slice(match.index);
        return html.slice(0, match.index);
      }
      phase = "done";
      return html.slice(0, textStart) + scriptAfterFirstPaint(html.slice(textStart, end), preloads) + html.slice(end);
    }
    // A tag cut at the end of this chunk ("<scr") waits for the next one.
    const cut = html.lastIndexOf("<");
    if (cut !== -1 && html.indexOf(">", cut) === -1) {
      held = html.slice(cut);
      return html.slice(0, cut);
    }
    return html;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (phase === "done") {
        const text = held + decoder.write(chunk);
        held = "";
        return callback(null, text);
      }
      let html = held + decoder.write(chunk);
      held = "";
      if (phase === "head") {
        const at = html.indexOf("</head>");
        if (at === -1) {
          held = html;
          return callback();
        }
        const taken = takeModulePreloads(html.slice(0, at));
        preloads = taken.hrefs;
        phase = "body";
        return callback(null, completeHead(taken.head, css, nonce) + body(html.slice(at)));
      }
      html = body(html);
      callback(null, html);
    },
    flush(callback) {
      callback(null, held + decoder.end());
    },
  });
}

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { PassThrough, Transform } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import siteCss from "./styles/app.css?inline";

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus one thing: in production the site's stylesheet
 * (5 KB gzipped) is inlined in <head>, so the first paint waits for no CSS request
 * (Lighthouse mobile budget). React 19 skips unknown <head> elements when hydrating; the
 * styles are global and stay across client-side navigations.
 */
const inlineStyle = import.meta.env.PROD ? `<style>${siteCss}</style>` : "";

function injectStyle(): Transform {
  let done = inlineStyle === "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      const html = chunk.toString("utf8");
      const at = html.indexOf("</head>");
      if (at === -1) return callback(null, chunk);
      done = true;
      callback(null, html.slice(0, at) + inlineStyle + html.slice(at));
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const styled = injectStyle();
        styled.pipe(body);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(styled);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}

// First, before any schema is built (zod reads the setting when a schema is made).
import "./domain/zod-setup";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { PassThrough, type Transform } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import siteCss from "./styles/app.css?inline";
import { isDatabaseUnavailable } from "./server/db/unavailable.server";
import { pageTransform } from "./server/http/page-head.server";
import { shopRender } from "./server/http/load-context.server";
import { log } from "./server/log.server";
import { forgetPage, notePage } from "./server/page-cache/page-cache.server";
import { NonceContext } from "./ui/nonce";

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus, in production, what pageTransform changes: the
 * inlined stylesheet and a render hint in <head>, the hydration scripts after the first paint
 * (page-head.server.ts).
 */
function injectHead(nonce: string | undefined): Transform {
  if (!import.meta.env.PROD) return new PassThrough();
  return pageTransform(siteCss, nonce);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  const render = loadContext?.get(shopRender) ?? null;
  // The Content-Security-Policy nonce of this response (app/server/http/security-headers.server.ts).
  const nonce = render?.cspNonce;
  // The database is away (restart, outage): 503 and when to try again, not a 500. The errors
  // in routerContext are sanitized in production; handleError below saw the real ones.
  if (responseStatusCode === 500 && databaseAway.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "30");
  }
  // A page everyone sees alike is kept by the page cache (app/server/page-cache).
  notePage(render?.pageCache, request, responseStatusCode, routerContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; so does the back office, whose pages load some of
    // their forms as chunks of their own (React.lazy): rendered into the HTML, they work without
    // JavaScript, and their code loads after the page's first load.
    const wholePage = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || new URL(request.url).pathname.startsWith("/admin");
    const readyOption: keyof RenderToPipeableStreamOptions = wholePage ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const app = (
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // A whole page has every boundary inline: React would otherwise still move a large one
      // after its fallback (a script swaps it in, which a visitor without JavaScript never runs).
      ...(wholePage ? { progressiveChunkSize: Number.MAX_SAFE_INTEGER } : {}),
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const styled = injectHead(nonce);
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
        forgetPage(render?.pageCache);
        if (shellRendered) log("render").error({ err: error }, "error al generar la página");
      },
    });
  });
}

/** Requests whose loaders or actions failed because the database could not be reached. */
const databaseAway = new WeakSet<Request>();

/** Errors of loaders and actions, in the structured log with the request's id (React Router's hook). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) databaseAway.add(request);
  log("render").error({ err: error, method: request.method, path: new URL(request.url).pathname }, "error en un loader o una acción");
}

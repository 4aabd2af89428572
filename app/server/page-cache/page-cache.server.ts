import type { RequestHandler, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { EntryContext } from "react-router";
import { countBasketLines, basketIdFromCookies } from "../basket/basket-store.server";
import { consentFromCookies, type ConsentDecision } from "../cookies.server";
import { databaseHandle } from "../db/db.server";
import { forgetCachedFlags } from "../site/flags.server";
import { log } from "../log.server";
import { trackRequest } from "../http/request-context.server";
import { forgetCachedSiteMedia } from "../site/site-media.server";
import { pageDependencies } from "./cacheable-pages.server";
import { ChangeWatch, type Changes } from "./change-watch.server";
import { FirstRenders } from "./first-renders.server";
import { storedPageOf } from "./page-entry.server";
import { PageStore, type StoredPage } from "./page-store.server";
import { pageUrl } from "~/server/http/page-url.server";

/*
 * The full-page cache of the pages everyone sees alike (issue 14, decision 0011). A page is
 * kept per URL and per what the root loader shows each visitor differently: the cookie
 * decision (the banner) and the basket badge's count. Served from memory, already
 * compressed, with a Content-Security-Policy of hashes instead of a nonce. Dropped exactly
 * when the database changes what it shows (change-watch.server.ts), on every instance.
 */

/** Cache-Control of a page everyone sees alike, and of a page for one visitor. */
export const CACHE_CONTROL = {
  shared: "public, max-age=0, s-maxage=10, stale-while-revalidate=50",
  personal: "private, no-store",
} as const;

const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** How long a visitor waits for another visitor's render of the same page before rendering it too. */
const FIRST_RENDER_WAIT_MS = 3_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** What a render tells the cache about itself (through React Router's load context). */
export type PageCacheNote = {
  /** Checks completed when the render began (ChangeWatch.mayKeep). */
  startSeq: number;
  /** Set when the page is one everyone sees alike, with what it showed this visitor. */
  shared?: { tags: string[]; consent: ConsentDecision | null; basketCount: number };
};

const variantKey = (url: string, consent: ConsentDecision | null, basketCount: number) =>
  `${consent ?? "-"}|${basketCount}|${url}`;

/**
 * Headers of a render that are not sent again with its kept copy: they belong to that one
 * response, or the kept copy sets its own.
 */
const NOT_KEPT_HEADERS = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "content-type",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "vary",
  "x-page-cache",
  "x-request-id",
]);

function headersToKeep(res: ExpressResponse): [string, string][] {
  return Object.entries(res.getHeaders())
    .filter(([name, value]) => !NOT_KEPT_HEADERS.has(name) && value !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]);
}

/** An asset or a file of public/ (a page's path has no extension). */
const looksLikeFile = (path: string) => /\.[a-z0-9]+$/i.test(path);

/** A visitor with a basket or a session gets pages that a shared cache must not keep. */
const isPersonal = (cookies: string | undefined, basketId: string | null) =>
  basketId !== null || (cookies !== undefined && SESSION_COOKIE.test(cookies));

/** Called by the document renderer (app/entry.server.tsx) before the response starts. */
export function notePage(note: PageCacheNote | undefined, request: Request, status: number, context: EntryContext): void {
  if (!note || request.method !== "GET" || status !== 200) return;
  const handler = context.staticHandlerContext;
  const leaf = handler.matches.at(-1);
  const root = handler.loaderData.root as { consent?: ConsentDecision | null; basketCount?: number } | undefined;
  if (!leaf || handler.errors || typeof root?.basketCount !== "number") return;
  const tags = pageDependencies({ routeId: leaf.route.id, params: leaf.params, url: pageUrl(request) });
  if (tags) note.shared = { tags, consent: root.consent ?? null, basketCount: root.basketCount };
}

/** A render that failed after its first bytes: never keep it. */
export function forgetPage(note: PageCacheNote | undefined): void {
  if (note) note.shared = undefined;
}

type Runtime = { store: PageStore; watch: ChangeWatch };
type EndRender = NonNullable<ReturnType<FirstRenders["begin"]>>;

export type PageCache = {
  /**
   * Before Express: a page kept in memory is answered by the server's own request handler,
   * with its request id and log line, and nothing else runs (false: not kept, go on).
   */
  serveFromMemory(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Before compression: waits for a render of the page under way, then answers from memory. */
  lookup: RequestHandler;
  /** Just before the pages: notes the render, sets Cache-Control, keeps a shared page. */
  capture: RequestHandler;
};

export function createPageCache(maxMegabytes: number): PageCache {
  const logger = log("page-cache");
  let runtime: Runtime | undefined;
  let starting: Promise<Runtime> | undefined;
  const firstRenders = new FirstRenders();
  const start = () =>
    (starting ??= databaseHandle().then(async (handle) => {
      const store = new PageStore(maxMegabytes * 1024 * 1024);
      const onChanges = (changes: Changes) => {
        if (changes.all) store.clear();
        else store.dropTags(changes.tags);
        if (changes.all || changes.tags.has("site")) {
          firstRenders.forgetPersonal();
          forgetCachedFlags();
          forgetCachedSiteMedia();
        }
      };
      const watch = new ChangeWatch(handle.db, !handle.listen, onChanges);
      await handle.listen?.("page_changes", () => watch.announce());
      return (runtime = { store, watch });
    })).catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
  const enabled = maxMegabytes > 0;

  /**
   * A page serveFromMemory did not answer: the first GET of it renders it and the others wait
   * for that render, then are answered from memory.
   */
  const answer = async (req: ExpressRequest, res: ExpressResponse): Promise<boolean> => {
    if (req.method !== "GET" || looksLikeFile(req.path)) return false;
    // Without the database the page renders on its own and says what is wrong.
    const kept = runtime ?? (await start().catch(() => undefined));
    if (!kept) return false;
    const url = req.originalUrl;
    const endRender = firstRenders.begin(url);
    if (endRender) {
      res.locals.endRender = endRender;
      // Whatever answers it (a page, a file, an error), the visitors waiting go on when it ends.
      res.on("close", () => {
        if (!res.locals.keeping || !res.writableFinished) endRender("not-kept");
      });
      return false;
    }
    await firstRenders.waitFor(url, FIRST_RENDER_WAIT_MS);
    return kept.store.hasUrl(url) && serveKept(kept, url, req, res);
  };

  const lookup: RequestHandler = (req, res, next) => {
    if (!enabled || req.method !== "GET") return next();
    answer(req, res)
      .then((served) => {
        if (!served) next();
      })
      .catch((error: unknown) => {
        logger.warn({ err: error }, "no se pudo comprobar la página guardada; se genera de nuevo");
        next();
      });
  };

  const capture: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const note: PageCacheNote = { startSeq: -1 };
    res.locals.pageCache = note;
    let personal = true;
    const endRender = res.locals.endRender as EndRender | undefined;
    beforeFirstByte(res, () => {
      if (!note.shared) endRender?.("personal");
      if (note.shared) {
        res.setHeader("Cache-Control", personal ? CACHE_CONTROL.personal : CACHE_CONTROL.shared);
        if (enabled) res.setHeader("X-Page-Cache", "miss");
      } else if (!res.hasHeader("Cache-Control")) {
        res.setHeader("Cache-Control", CACHE_CONTROL.personal);
      }
    });
    const cookies = req.headers.cookie;
    (cookies ? basketIdFromCookies(cookies) : Promise.resolve(null))
      .then(async (basketId) => {
        personal = isPersonal(cookies, basketId);
        if (!enabled || req.method !== "GET") return;
        const { watch } = await start();
        // The render reads data at least as new as this check; what changes during it is
        // caught by ChangeWatch.mayKeep.
        await watch.fresh();
        note.startSeq = watch.seq;
        res.locals.keeping = true;
        keepWhenShared(res, note, req.originalUrl, (page) => {
          if (page && runtime && runtime.watch.mayKeep(page.tags, note.startSeq)) runtime.store.put(page);
          endRender?.(page ? "kept" : "not-kept");
        }, (key) => runtime?.store.has(key) ?? false);
      })
      // The database is away: the page itself will say so; it is only not kept.
      .catch((error: unknown) => logger.debug({ err: error }, "sin comprobación de cambios: la página no se guarda"))
      .finally(() => next());
  };

  const serveFromMemory = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = req.url ?? "/";
    if (!enabled || !runtime || (req.method !== "GET" && req.method !== "HEAD") || !runtime.store.hasUrl(url)) return false;
    const kept = runtime;
    const track = () => trackRequest(req, res, false);
    return serveKept(kept, url, req, res, track);
  };

  return { serveFromMemory, lookup, capture };
}

/**
 * The kept variant of `url` for this visitor, sent; false when there is none. `beforeSend`
 * runs just before (the request's id and log line, on the server's own path) and returns the
 * request id to send.
 */
async function serveKept(
  { store, watch }: Runtime,
  url: string,
  req: IncomingMessage,
  res: ServerResponse,
  beforeSend?: () => string,
): Promise<boolean> {
  await watch.fresh();
  const cookies = req.headers.cookie;
  const [consent, basketId] = cookies ? await Promise.all([consentFromCookies(cookies), basketIdFromCookies(cookies)]) : [null, null];
  const basketCount = basketId ? await countBasketLines(basketId) : 0;
  const page = store.get(variantKey(url, consent, basketCount));
  if (!page) return false;
  const requestId = beforeSend?.();
  sendKept(req, res, page, isPersonal(cookies, basketId), requestId);
  return true;
}

/** A kept page's headers that do not depend on the request, as one flat list, made once per page. */
const fixedHeaders = new WeakMap<StoredPage, string[]>();

function headersOf(page: StoredPage): string[] {
  let list = fixedHeaders.get(page);
  if (!list) {
    list = page.headers.flat();
    list.push("Content-Type", page.contentType, "Content-Security-Policy", page.policy, "ETag", page.etag);
    list.push("Vary", "Accept-Encoding", "X-Page-Cache", "hit");
    fixedHeaders.set(page, list);
  }
  return list;
}

/**
 * Sends the page with all its headers in one writeHead (what headers Express or a caller set
 * earlier are kept too: Node merges them).
 */
function sendKept(req: IncomingMessage, res: ServerResponse, page: StoredPage, personal: boolean, requestId?: string): void {
  const headers = [...headersOf(page), "Cache-Control", personal ? CACHE_CONTROL.personal : CACHE_CONTROL.shared];
  if (requestId) headers.push("X-Request-Id", requestId);
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === page.etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  if (encoding !== "identity") headers.push("Content-Encoding", encoding);
  headers.push("Content-Length", String(body.length));
  res.writeHead(200, headers);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/**
 * br or gzip, whichever the browser's Accept-Encoding weighs more (br on a tie), else the page
 * as it is (a coding with q=0 is refused; "*" stands for the ones not named).
 */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | "identity" {
  if (!header) return "identity";
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...parameters] = part.toLowerCase().split(";").map((piece) => piece.trim());
    if (!name) continue;
    const q = parameters.map((p) => /^q\s*=\s*([0-9.]+)$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const [br, gzip] = [weight("br"), weight("gzip")];
  if (br <= 0 && gzip <= 0) return "identity";
  return br >= gzip ? "br" : "gzip";
}

/** Runs `hook` once, just before the response's headers go out. */
function beforeFirstByte(res: ExpressResponse, hook: () => void): void {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: ExpressResponse, ...args: unknown[]) {
    if (!done) {
      done = true;
      hook();
    }
    return (writeHead as (...a: unknown[]) => ExpressResponse).apply(this, args);
  } as typeof res.writeHead;
}

/*
 * Pages are compressed one at a time: Brotli at quality 9 takes tens of MB per encoder, and a
 * burst of different new pages must not take them all at once.
 */
let compressing: Promise<unknown> = Promise.resolve();

/**
 * Copies the body as it is sent; at the end, a shared 200 page becomes a stored page, unless
 * the store already holds it. `done` hears the page, or null when none is kept.
 */
function keepWhenShared(
  res: ExpressResponse,
  note: PageCacheNote,
  url: string,
  done: (page: StoredPage | null) => void,
  isKept: (key: string) => boolean,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (tooBig || chunk == null || typeof chunk === "function" || !note.shared) return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    size += buffer.length;
    if (size > MAX_PAGE_BYTES) tooBig = true;
    else chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ExpressResponse, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).apply(this, [chunk, ...rest]);
  } as typeof res.write;
  res.end = function (this: ExpressResponse, chunk?: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (end as (...a: unknown[]) => ExpressResponse).apply(this, [chunk, ...rest]);
  } as typeof res.end;
  res.on("finish", () => {
    const shared = note.shared;
    const contentType = String(res.getHeader("Content-Type") ?? "");
    const key = shared && variantKey(url, shared.consent, shared.basketCount);
    if (!shared || !key || tooBig || res.statusCode !== 200 || res.hasHeader("Set-Cookie") || !contentType.startsWith("text/html") || isKept(key)) {
      return done(null);
    }
    const rendered = {
      url,
      key,
      tags: shared.tags,
      contentType,
      policy: String(res.getHeader("Content-Security-Policy") ?? ""),
      nonce: String(res.locals.cspNonce ?? ""),
      headers: headersToKeep(res),
      html: Buffer.concat(chunks),
    };
    const stored = compressing.then(() => (isKept(key) ? null : storedPageOf(rendered)));
    compressing = stored.catch(() => {});
    stored
      .then((page) => done(page))
      .catch((error: unknown) => {
        log("page-cache").warn({ err: error }, "no se pudo guardar la página");
        done(null);
      });
  });
}

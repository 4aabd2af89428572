import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server on 127.0.0.1 standing in for Trello's API (tests only): it records every
 * call (method, path, query, JSON body), keeps the cards it created and answers
 * POST /1/cards and GET /1/lists/:id/cards as scripted, one reply per call, then `fallback`.
 */
export type StandInCall = { method: string; path: string; query: Record<string, string>; body: unknown };
export type StandInCard = { id: string; name: string; desc: string; idList: string };

/**
 * - `ok`: 200, and for a POST the card is created;
 * - `status`: that status with a Trello-like text body, nothing created;
 * - `hang`: never answers (the client's timeout must end it); `create` makes the card first,
 *   as when Trello is slow to answer a request it did carry out.
 */
export type StandInReply = { ok: true } | { status: number; body?: string } | { hang: true; create?: boolean };

export async function startTrelloStandIn() {
  const calls: StandInCall[] = [];
  const cards: StandInCard[] = [];
  const script: { post: StandInReply[]; list: StandInReply[] } = { post: [], list: [] };
  const fallback: { post: StandInReply; list: StandInReply } = { post: { ok: true }, list: { ok: true } };
  const hanging = new Set<ServerResponse>();
  const delay = { maxMs: 0 };

  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    calls.push({ method: req.method ?? "", path: url.pathname, query: Object.fromEntries(url.searchParams), body });

    const listMatch = /^\/1\/lists\/([^/]+)\/cards$/.exec(url.pathname);
    const kind = req.method === "POST" && url.pathname === "/1/cards" ? "post" : req.method === "GET" && listMatch ? "list" : null;
    if (!kind) return send(res, 404, "Cannot " + req.method + " " + url.pathname);
    const reply = script[kind].shift() ?? fallback[kind];
    if (delay.maxMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * delay.maxMs));

    const create = () => {
      const card = body as { name: string; desc: string; idList: string };
      const created = { id: `card${cards.length + 1}`, name: card.name, desc: card.desc, idList: url.searchParams.get("idList") ?? card.idList };
      cards.push(created);
      return created;
    };

    if ("hang" in reply) {
      if (kind === "post" && reply.create) create();
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if ("status" in reply) return send(res, reply.status, reply.body ?? "error");
    if (kind === "post") return sendJson(res, create());
    const listId = decodeURIComponent(listMatch![1]!);
    return sendJson(res, cards.filter((card) => card.idList === listId).map(({ id, desc }) => ({ id, desc })));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    cards,
    /** Replies for the next calls of that kind, in order. */
    script(kind: "post" | "list", ...replies: StandInReply[]) {
      script[kind].push(...replies);
    },
    /** The reply once the script has run out. */
    setFallback(kind: "post" | "list", reply: StandInReply) {
      fallback[kind] = reply;
    },
    posts: () => calls.filter((call) => call.method === "POST"),
    /** Answers after a random wait of up to `maxMs`, as a real service over a network does. */
    setDelay(maxMs: number) {
      delay.maxMs = maxMs;
    },
    reset() {
      calls.length = 0;
      cards.length = 0;
      script.post.length = 0;
      script.list.length = 0;
      fallback.post = { ok: true };
      fallback.list = { ok: true };
      delay.maxMs = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TrelloStandIn = Awaited<ReturnType<typeof startTrelloStandIn>>;

function send(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
  res.end(text);
}

function sendJson(res: ServerResponse, value: unknown) {
  res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(value));
}

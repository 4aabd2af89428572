import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Random } from "./random";

/**
 * A stand-in for Trello's API (the protocol of app/server/quotes/trello.server.ts and
 * tests/support/trello-standin.ts: POST /1/cards, GET /1/lists/:id/cards?fields=desc) that
 * fails about 30 % of the calls: 500, 429, or no answer at all (the app gives up after 10 s).
 * Half the unanswered POSTs create the card first, as a slow service that did the work does;
 * that is the case the app's marker search exists for.
 */
export type Card = { id: string; name: string; desc: string; idList: string; at: number };

export const FAILURE_MIX = { status500: 0.12, status429: 0.09, hang: 0.09 };

export async function startTaskBoard(options: { port: number; random: Random; clock: () => number }) {
  const cards: Card[] = [];
  const counts = { calls: 0, posts: 0, lists: 0, ok: 0, status500: 0, status429: 0, hang: 0, hangCreated: 0 };
  const hanging = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://task-board");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const list = /^\/1\/lists\/([^/]+)\/cards$/.exec(url.pathname);
    const kind = req.method === "POST" && url.pathname === "/1/cards" ? "post" : req.method === "GET" && list ? "list" : null;
    if (!kind) return send(res, 404, "text/plain", `Cannot ${req.method} ${url.pathname}`);
    counts.calls += 1;
    counts[kind === "post" ? "posts" : "lists"] += 1;

    const create = () => {
      const body = JSON.parse(raw) as { name: string; desc: string; idList?: string };
      const idList = url.searchParams.get("idList") ?? body.idList ?? "";
      cards.push({ id: `card${cards.length + 1}`, name: body.name, desc: body.desc, idList, at: options.clock() });
    };

    const roll = options.random.next();
    if (roll < FAILURE_MIX.status500) {
      counts.status500 += 1;
      return send(res, 500, "text/plain", "Internal Server Error");
    }
    if (roll < FAILURE_MIX.status500 + FAILURE_MIX.status429) {
      counts.status429 += 1;
      return send(res, 429, "application/json", JSON.stringify({ message: "API_TOKEN_LIMIT_EXCEEDED" }));
    }
    if (roll < FAILURE_MIX.status500 + FAILURE_MIX.status429 + FAILURE_MIX.hang) {
      counts.hang += 1;
      if (kind === "post" && options.random.next() < 0.5) {
        create();
        counts.hangCreated += 1;
      }
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    counts.ok += 1;
    if (kind === "post") {
      create();
      const card = cards.at(-1)!;
      return send(res, 200, "application/json", JSON.stringify({ id: card.id, name: card.name, idList: card.idList }));
    }
    const listId = decodeURIComponent(list![1]!);
    const found = cards.filter((card) => card.idList === listId).map(({ id, desc }) => ({ id, desc }));
    return send(res, 200, "application/json", JSON.stringify(found));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 400, "text/plain", "bad request"));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });

  return {
    url: `http://127.0.0.1:${options.port}`,
    cards,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "Content-Type": `${type}; charset=utf-8` });
  res.end(body);
}

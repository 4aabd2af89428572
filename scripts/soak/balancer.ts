import http from "node:http";

/**
 * A tiny round-robin HTTP proxy in front of the app instances, doing what a real one does:
 * X-Forwarded-For with the visitor's address (here one per virtual user, named by the
 * X-Soak-User header, which it removes), passive health (a refused connection takes the
 * instance out, and that request goes to the other one: it never reached an app), an active
 * check that brings it back, and a retry of GET/HEAD on the other instance when one dies
 * mid-request. A POST cut mid-request is answered 502 (the app may have carried it out).
 */
export const SOAK_USER_HEADER = "x-soak-user";
export const BACKEND_HEADER = "x-soak-backend";
/** Set on the balancer's own 502/503 answers: "cut" (instance died mid-request) or "no-backend". */
export const PROXY_ERROR_HEADER = "x-soak-proxy-error";

export type Backend = { name: string; port: number; up: boolean };
export type CutEvent = { at: number; backend: string; method: string; path: string; afterHeaders: boolean };

const TIMEOUT_MS = 30_000;

export function userAddress(user: number): string {
  return `10.77.${Math.floor(user / 250)}.${(user % 250) + 1}`;
}

export async function startBalancer(options: { port: number; backends: Backend[]; clock: () => number }) {
  const { backends } = options;
  const cuts: CutEvent[] = [];
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const nextBackend = (exclude: Set<Backend>): Backend | null => {
    const candidates = backends.filter((backend) => !exclude.has(backend));
    const healthy = candidates.filter((backend) => backend.up);
    const pool = healthy.length > 0 ? healthy : candidates;
    if (pool.length === 0) return null;
    turn = (turn + 1) % pool.length;
    return pool[turn]!;
  };

  function forward(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Set<Backend>) {
    const backend = nextBackend(tried);
    if (!backend) return refuse(res, 503, "no-backend");
    tried.add(backend);
    const headers = { ...req.headers };
    const user = Number(headers[SOAK_USER_HEADER] ?? 0);
    delete headers[SOAK_USER_HEADER];
    headers["x-forwarded-for"] = userAddress(user);
    headers["content-length"] = String(body.length);
    const upstream = http.request(
      { host: "127.0.0.1", port: backend.port, method: req.method, path: req.url, headers, agent, timeout: TIMEOUT_MS },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [BACKEND_HEADER]: backend.name });
        answer.pipe(res);
        answer.on("error", () => cut(true));
        answer.on("aborted", () => cut(true));
      },
    );
    let done = false;
    const cut = (afterHeaders: boolean) => {
      if (done) return;
      done = true;
      cuts.push({ at: options.clock(), backend: backend.name, method: req.method ?? "", path: req.url ?? "", afterHeaders });
      if (afterHeaders) res.destroy();
    };
    upstream.on("timeout", () => upstream.destroy(new Error("timeout")));
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return cut(true);
      if (error.code === "ECONNREFUSED") {
        // Never reached an app: take the instance out and send the request to the other one.
        backend.up = false;
        return forward(req, res, body, tried);
      }
      if ((req.method === "GET" || req.method === "HEAD") && tried.size < backends.length) {
        backend.up = false;
        return forward(req, res, body, tried);
      }
      cut(false);
      refuse(res, 502, "cut");
    });
    upstream.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => forward(req, res, Buffer.concat(chunks), new Set()));
    req.on("error", () => res.destroy());
  });
  server.keepAliveTimeout = 5_000;

  // The active check: an instance whose /readyz answers 200 (database and migrations) is taken back.
  const check = setInterval(() => {
    for (const backend of backends) {
      if (backend.up) continue;
      const probe = http.get({ host: "127.0.0.1", port: backend.port, path: "/readyz", timeout: 1000 }, (answer) => {
        answer.resume();
        if (answer.statusCode === 200) backend.up = true;
      });
      probe.on("timeout", () => probe.destroy());
      probe.on("error", () => {});
    }
  }, 250);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });

  return {
    url: `http://127.0.0.1:${options.port}`,
    cuts,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(check);
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function refuse(res: http.ServerResponse, status: number, reason: string) {
  if (res.headersSent) return;
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", [PROXY_ERROR_HEADER]: reason });
  res.end(reason === "cut" ? "Bad Gateway: the instance died during the request" : "No instance available");
}

import net from "node:net";

/**
 * The database leg: a TCP proxy between the app instances and PostgreSQL that can be cut.
 * `pause()` resets every open connection (as a failed switch or a restarted server would) and,
 * until `resume()`, resets new ones at once ("refuse") or leaves them unanswered ("hold", a
 * network that drops packets: they go through once it is back, as a retransmitted SYN would).
 */
export async function startDatabaseLeg(options: { port: number; target: { host: string; port: number }; mode: "refuse" | "hold" }) {
  const open = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held = new Set<net.Socket>();
  const stats = { connections: 0, cut: 0, refused: 0, held: 0 };
  let paused = false;

  function forward(client: net.Socket) {
    const upstream = net.connect(options.target);
    const pair = { client, upstream };
    open.add(pair);
    stats.connections += 1;
    const close = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  }

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    if (!paused) return forward(client);
    if (options.mode === "refuse") {
      stats.refused += 1;
      client.resetAndDestroy();
      return;
    }
    stats.held += 1;
    held.add(client);
    client.on("error", () => held.delete(client)).on("close", () => held.delete(client));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });

  return {
    stats,
    get paused() {
      return paused;
    },
    pause() {
      paused = true;
      for (const { client, upstream } of open) {
        stats.cut += 1;
        client.resetAndDestroy();
        upstream.destroy();
      }
      open.clear();
    },
    resume() {
      paused = false;
      for (const client of held) forward(client);
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of open) {
          client.destroy();
          upstream.destroy();
        }
        for (const client of held) client.destroy();
        server.close(() => resolve());
      }),
  };
}

export type DatabaseLeg = Awaited<ReturnType<typeof startDatabaseLeg>>;

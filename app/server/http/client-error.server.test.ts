import { createServer } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientErrors } from "./client-error.server";

/** Sends `head`, then `bodyBytes` of body in chunks, and returns all the server answered. */
function exchange(port: number, head: string, bodyBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    socket.on("close", () => resolve(answer));
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < bodyBytes && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`)) return void socket.once("drain", pump);
      }
      if (!socket.destroyed) socket.end("0\r\n\r\n");
    };
    pump();
  });
}

describe("requests refused by Node's parser", () => {
  const server = createServer((_req, res) => res.end("ok"));
  let port = 0;
  beforeAll(async () => {
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("an address over 16 KB gets its 431 and a Spanish reason, even while a 1.5 MB body is still coming", async () => {
    const head = `POST /carrito?index=${"%3C".repeat(8000)} HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n`;
    for (let i = 0; i < 5; i++) {
      const answer = await exchange(port, head, 1_500_000);
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toContain("La dirección o las cabeceras de la petición son demasiado largas.");
    }
  });

  it("a malformed request gets a 400", async () => {
    const answer = await exchange(port, "GARBAGE\r\n\r\n", 0);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });
});

import http, { type IncomingHttpHeaders } from "node:http";

/*
 * An HTTP client that sends exactly what it is given: the path byte for byte (dot segments,
 * broken %-escapes and raw Latin-1 bytes are not normalised, as fetch and Playwright's
 * request context would), any method, any header, a body with or without Content-Length.
 * An attacker's client does the same.
 */

export type RawRequest = {
  method: string;
  /** Sent as written: "/tienda/../%E0%A4%A?x=%zz". */
  path: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length), in pieces. */
  chunked?: boolean;
};

export type RawResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  /** Bytes of the status line and headers, as received. */
  headerBytes: number;
  body: string;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** A short description of a request, for failure messages (bodies cut to a readable size). */
export function describeRequest(request: RawRequest): string {
  const body = request.body === undefined ? "" : typeof request.body === "string" ? request.body : Buffer.from(request.body).toString("latin1");
  const shown = body.length > 300 ? `${JSON.stringify(body.slice(0, 300))}… (${body.length} bytes)` : JSON.stringify(body);
  return `${request.method} ${request.path}\n${JSON.stringify(request.headers ?? {})}${request.chunked ? " (chunked)" : ""}\n${shown}`;
}

/**
 * Sends one request. A kept-alive connection the server had just closed (after answering the
 * previous request on it) fails at once with EPIPE or ECONNRESET, before this request reached
 * the server: that one is sent again, once, on a connection of its own, as Node's documentation
 * advises (`request.reusedSocket`). Any other failure is the test's to judge.
 */
export function sendRaw(baseUrl: string, request: RawRequest, timeoutMs = 15_000): Promise<RawResponse> {
  return sendOnce(baseUrl, request, timeoutMs, false).catch((error: Error & { code?: string; reusedSocket?: boolean }) => {
    if (error.reusedSocket && (error.code === "EPIPE" || error.code === "ECONNRESET")) return sendOnce(baseUrl, request, timeoutMs, true);
    throw error;
  });
}

function sendOnce(baseUrl: string, request: RawRequest, timeoutMs: number, freshConnection: boolean): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const body = typeof request.body === "string" ? Buffer.from(request.body, "utf8") : request.body;
  const headers: Record<string, string> = { ...request.headers };
  if (body !== undefined && !request.chunked && !hasHeader(headers, "content-length")) headers["Content-Length"] = String(body.byteLength);
  if (request.chunked) headers["Transfer-Encoding"] = "chunked";

  return new Promise<RawResponse>((resolve, reject) => {
    let answered = false;
    const req = http.request(
      // A body the server may refuse half-way goes on a connection of its own: the server may close it.
      {
        host: hostname,
        port,
        method: request.method,
        path: request.path,
        headers,
        agent: freshConnection || (body && body.byteLength > 100_000) ? false : agent,
        // Read answers with headers of any size: their size is for the test to judge.
        maxHeaderSize: 1_000_000,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            headerBytes: res.rawHeaders.reduce((sum, part) => sum + Buffer.byteLength(part) + 2, 0),
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`sin respuesta en ${timeoutMs} ms`)));
    // The server may answer (413) and close before the whole body is sent: the answer counts.
    req.on("error", (error) => {
      if (!answered) reject(Object.assign(error, { reusedSocket: req.reusedSocket }));
    });
    if (body === undefined) return void req.end();
    if (!request.chunked) return void req.end(body);
    const piece = Math.max(1, Math.ceil(body.byteLength / 4));
    for (let at = 0; at < body.byteLength; at += piece) req.write(body.subarray(at, at + piece));
    req.end();
  });
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A local stand-in for S3-compatible storage (issue 32), path-style (http://host/bucket/key),
 * for the operations the backups use: PutObject, GetObject, ListObjectsV2 and DeleteObject. Like
 * S3, it refuses any request whose AWS Signature Version 4 does not match the one it computes
 * with the secret key it knows (403 SignatureDoesNotMatch), whose access key is unknown, whose
 * date is more than 15 minutes off, or whose body does not hash to the signed
 * x-amz-content-sha256. Each request is recorded with the check's outcome.
 */
export type S3Request = { method: string; path: string; query: string; status: number; code?: string };

export type S3StandIn = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, Buffer>;
  requests: S3Request[];
  close: () => Promise<void>;
};

const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function header(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim().replace(/\s+/g, " ");
}

/** The signature S3 expects, computed from the request as received (AWS SigV4, header form). */
function checkSignature(request: IncomingMessage, rawPath: string, rawQuery: string, body: Buffer, keys: { id: string; secret: string; region: string }) {
  const authorization = header(request, "authorization");
  const parsed = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!parsed) throw new Refusal(403, "AccessDenied", "Falta la firma AWS4-HMAC-SHA256");
  const [, accessKeyId, day, region, signedHeaders, signature] = parsed as unknown as string[];
  if (accessKeyId !== keys.id) throw new Refusal(403, "InvalidAccessKeyId", "Clave de acceso desconocida");
  if (region !== keys.region) throw new Refusal(400, "AuthorizationHeaderMalformed", `Región ${region}, se esperaba ${keys.region}`);
  const amzDate = header(request, "x-amz-date");
  const when = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(amzDate);
  if (!when || amzDate.slice(0, 8) !== day) throw new Refusal(403, "AccessDenied", "x-amz-date no válida");
  const at = Date.UTC(+when[1]!, +when[2]! - 1, +when[3]!, +when[4]!, +when[5]!, +when[6]!);
  if (Math.abs(Date.now() - at) > 15 * 60_000) throw new Refusal(403, "RequestTimeTooSkewed", "La hora de la petición difiere más de 15 minutos");
  const payloadHash = header(request, "x-amz-content-sha256");
  if (!/^[0-9a-f]{64}$/.test(payloadHash)) throw new Refusal(400, "InvalidRequest", `x-amz-content-sha256 no admitida aquí: ${payloadHash || "(ninguna)"}`);
  if (payloadHash !== sha256(body)) throw new Refusal(400, "XAmzContentSHA256Mismatch", "El cuerpo no corresponde a x-amz-content-sha256");
  const names = signedHeaders!.split(";");
  for (const required of ["host", "x-amz-date", "x-amz-content-sha256"]) {
    if (!names.includes(required)) throw new Refusal(403, "AccessDenied", `La firma no cubre ${required}`);
  }
  const canonicalQuery = rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [key = "", value = ""] = pair.split("=");
      return [rfc3986(decodeURIComponent(key)), rfc3986(decodeURIComponent(value.replace(/\+/g, " ")))] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    names.map((name) => `${name}:${header(request, name)}\n`).join(""),
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secret}`, day!), region!), "s3"), "aws4_request");
  if (createHmac("sha256", signingKey).update(toSign).digest("hex") !== signature) {
    throw new Refusal(403, "SignatureDoesNotMatch", "La firma calculada no coincide con la enviada");
  }
}

export async function startS3StandIn(options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? "copias-termoclima";
  const region = options.region ?? "eu-south-2";
  const keys = { id: options.accessKeyId ?? "AKIATERMOCLIMA000001", secret: options.secretAccessKey ?? "secreto-de-prueba-del-almacen-s3", region };
  const objects = new Map<string, Buffer>();
  const requests: S3Request[] = [];

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const [rawPath = "/", rawQuery = ""] = (request.url ?? "/").split("?");
      const record: S3Request = { method: request.method ?? "", path: rawPath, query: rawQuery, status: 200 };
      requests.push(record);
      const send = (status: number, text = "", type = "application/xml") => {
        record.status = status;
        response.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(text) });
        response.end(text);
      };
      try {
        checkSignature(request, rawPath, rawQuery, body, keys);
        const [, first = "", ...rest] = rawPath.split("/");
        if (decodeURIComponent(first) !== bucket) throw new Refusal(404, "NoSuchBucket", `No existe el cubo ${first}`);
        const key = rest.map(decodeURIComponent).join("/");
        const query = new URLSearchParams(rawQuery);
        if (request.method === "PUT" && key) {
          objects.set(key, body);
          response.setHeader("etag", `"${createHash("md5").update(body).digest("hex")}"`);
          return send(200);
        }
        if (request.method === "GET" && key) {
          const bytes = objects.get(key);
          if (!bytes) throw new Refusal(404, "NoSuchKey", `No existe ${key}`);
          record.status = 200;
          response.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length });
          return response.end(bytes);
        }
        if (request.method === "DELETE" && key) {
          objects.delete(key);
          return send(204);
        }
        if (request.method === "GET" && !key && query.get("list-type") === "2") {
          const prefix = query.get("prefix") ?? "";
          const found = [...objects.entries()].filter(([name]) => name.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : 1));
          const contents = found
            .map(([name, bytes]) => `<Contents><Key>${xml(name)}</Key><LastModified>${new Date().toISOString()}</LastModified><Size>${bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`)
            .join("");
          return send(
            200,
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${found.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
          );
        }
        throw new Refusal(501, "NotImplemented", `${request.method} ${rawPath}?${rawQuery} no está en el doble`);
      } catch (error) {
        const refusal = error instanceof Refusal ? error : new Refusal(500, "InternalError", String(error));
        record.code = refusal.code;
        send(refusal.status, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${refusal.code}</Code><Message>${xml(refusal.message)}</Message></Error>`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    bucket,
    accessKeyId: keys.id,
    secretAccessKey: keys.secret,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

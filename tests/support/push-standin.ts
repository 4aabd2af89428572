/*
 * A push service of our own for the tests (issue 30), standing in for FCM, Mozilla's autopush
 * or Apple's: an HTTPS server taking Web Push messages as RFC 8030 has them posted, and the
 * browser's side of a subscription too (it makes the device's keys, RFC 8291). For each POST it
 * checks what a real service checks and decrypts the message as the browser would:
 * - VAPID (RFC 8292): `Authorization: vapid t=<JWT>, k=<key>`, the JWT signed ES256 by k, `aud`
 *   the endpoint's origin, `exp` no more than 24 hours ahead, `sub` a mailto: or https: address;
 *   k must be the key the subscription was made with, when one was given (403 otherwise);
 * - `TTL` present, `Content-Encoding: aes128gcm`;
 * - the body per RFC 8188/8291: ECDH P-256 with the sender's key from the header, HKDF-SHA-256
 *   with the auth secret, AES-128-GCM records ending in the padding delimiter.
 * It answers 201, or what a test asks for (410 gone, 500 failing), and records everything.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

export type StandInSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type Received = {
  /** The subscription's number in the stand-in (the last part of its endpoint). */
  device: string;
  /** The decrypted message, as text. */
  text: string;
  ttl: number;
  urgency: string | null;
  vapid: { sub: string; aud: string; exp: number; key: string };
};

export type Refused = { device: string; status: number; reason: string };

type Device = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; serverKey: string | null; answer: number };

const b64url = (bytes: Buffer) => bytes.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** RFC 8292: the JWT of the Authorization header, checked against its key and the endpoint's origin. */
function checkVapid(header: string | undefined, origin: string, now = Date.now()): Received["vapid"] {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Refusal(401, "sin cabecera Authorization: vapid t=..., k=...");
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split(".");
  if (!head || !claims || !signature) throw new Refusal(401, "JWT mal formado");
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as { alg?: string; typ?: string };
  if (header_.alg !== "ES256") throw new Refusal(401, `JWT con alg ${header_.alg}`);
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, "k no es una clave P-256 sin comprimir");
  const publicKey = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, format: "jwk" });
  const signed = verify("sha256", Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!signed) throw new Refusal(401, "la firma del JWT no corresponde a k");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) throw new Refusal(401, `aud ${body.aud} no es ${origin}`);
  const seconds = now / 1000;
  if (typeof body.exp !== "number" || body.exp < seconds || body.exp > seconds + 24 * 3600) throw new Refusal(401, `exp ${body.exp} fuera de las próximas 24 h`);
  if (typeof body.sub !== "string" || !/^(mailto:|https:)/.test(body.sub)) throw new Refusal(401, `sub ${body.sub} no es mailto: ni https:`);
  return { sub: body.sub, aud: body.aud, exp: body.exp, key };
}

/** RFC 8291 (keys) over RFC 8188 (records): the plaintext of an aes128gcm body for this device. */
export function decrypt(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  if (body.length < 21) throw new Refusal(400, "cuerpo demasiado corto");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Refusal(400, "keyid no es una clave P-256 (RFC 8291: 65 bytes)");
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const ownKey = device.ecdh.getPublicKey();
  // HKDF-SHA-256 by hand: extract with the auth secret, expand with "WebPush: info" and both keys.
  const prkKey = hmac(device.auth, shared);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from("WebPush: info\0"), ownKey, senderKey, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "latin1")).subarray(0, 16);
  const baseNonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "latin1")).subarray(0, 12);
  if (recordSize < 18) throw new Refusal(400, "rs demasiado pequeño");
  const parts: Buffer[] = [];
  const records = Math.ceil(ciphertext.length / recordSize);
  for (let i = 0; i < records; i++) {
    const record = ciphertext.subarray(i * recordSize, (i + 1) * recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number XORed into the nonce's last bytes (RFC 8188 2.3).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ i) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, `el registro ${i} no se descifra (clave o autenticación incorrectas)`);
    }
    // Padding: zeros after a delimiter, 2 on the last record, 1 on the others.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const delimiter = plain[end];
    if (delimiter !== (i === records - 1 ? 2 : 1)) throw new Refusal(400, `delimitador de relleno ${delimiter} en el registro ${i}`);
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts).toString("utf8");
}

export type PushStandIn = {
  origin: string;
  /** The stand-in's certificate (self-signed): what the sender must trust. */
  certificate: string;
  /** A device's subscription, as a browser gives it; `serverKey`: the VAPID public key it is tied to. */
  subscribe(serverKey?: string): StandInSubscription;
  /** What this device's next POSTs are answered with (201 by default). */
  answer(endpoint: string, status: number): void;
  received: Received[];
  refused: Refused[];
  close(): Promise<void>;
};

export async function startPushStandIn(): Promise<PushStandIn> {
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keySize: 2048,
    algorithm: "sha256",
    notBeforeDate: new Date(Date.now() - 86_400_000),
    notAfterDate: new Date(Date.now() + 30 * 86_400_000),
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }, { type: 7, ip: "127.0.0.1" }] },
    ],
  });
  const devices = new Map<string, Device>();
  const received: Received[] = [];
  const refused: Refused[] = [];
  let origin = "";
  let next = 0;

  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = /^\/push\/(\w+)$/.exec(req.url ?? "")?.[1] ?? "";
      try {
        if (req.method !== "POST") throw new Refusal(405, `método ${req.method}`);
        const device = devices.get(id);
        if (!device) throw new Refusal(404, "suscripción desconocida");
        const vapid = checkVapid(req.headers.authorization, origin);
        if (device.serverKey && vapid.key !== device.serverKey) throw new Refusal(403, "k no es la clave con que se hizo la suscripción");
        const ttl = req.headers.ttl;
        if (typeof ttl !== "string" || !/^\d+$/.test(ttl)) throw new Refusal(400, "sin cabecera TTL");
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Refusal(415, `Content-Encoding ${req.headers["content-encoding"]}`);
        const text = decrypt(Buffer.concat(chunks), device);
        if (device.answer !== 201) throw new Refusal(device.answer, "respuesta pedida por la prueba");
        received.push({ device: id, text, ttl: Number(ttl), urgency: (req.headers.urgency as string | undefined) ?? null, vapid });
        res.writeHead(201, { Location: `${origin}/mensajes/${id}-${received.length}` }).end();
      } catch (error) {
        const status = error instanceof Refusal ? error.status : 500;
        refused.push({ device: id, status, reason: error instanceof Error ? error.message : String(error) });
        res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(error instanceof Error ? error.message : "");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    certificate: pems.cert,
    received,
    refused,
    subscribe(serverKey) {
      const id = String(++next);
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, serverKey: serverKey ?? null, answer: 201 });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    answer(endpoint, status) {
      const device = devices.get(endpoint.split("/").pop() ?? "");
      if (device) device.answer = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/*
 * Certificates for the AEAT stand-in's mutual TLS (tests only): a CA of our own, the
 * stand-in's server certificate (localhost, 127.0.0.1) and a client certificate both signed
 * by it, and a self-signed "stranger" the stand-in must refuse.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generate } from "selfsigned";

export type KeyPair = { cert: string; key: string };

export type StandInCertificates = {
  ca: KeyPair;
  server: KeyPair;
  /** What the shop presents: stands for the company's qualified certificate. */
  client: KeyPair;
  /** A client certificate no trusted CA signed. */
  stranger: KeyPair;
};

const days = (count: number) => new Date(Date.now() + count * 86_400_000);

export async function makeCertificates(): Promise<StandInCertificates> {
  const common = { algorithm: "sha256", keySize: 2048, notBeforeDate: days(-1), notAfterDate: days(30) } as const;
  const ca = await generate([{ name: "commonName", value: "Simulador AEAT CA de pruebas" }], {
    ...common,
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const signer = { key: ca.private, cert: ca.cert };
  const server = await generate([{ name: "commonName", value: "localhost" }], {
    ...common,
    ca: signer,
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }, { type: 7, ip: "127.0.0.1" }] },
    ],
  });
  const client = await generate([{ name: "commonName", value: "B12345674 CLIMATIZACION EJEMPLO SL (R: 12345678Z)" }], {
    ...common,
    ca: signer,
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", clientAuth: true },
    ],
  });
  const stranger = await generate([{ name: "commonName", value: "Certificado ajeno" }], {
    ...common,
    extensions: [{ name: "extKeyUsage", clientAuth: true }],
  });
  return {
    ca: { cert: ca.cert, key: ca.private },
    server: { cert: server.cert, key: server.private },
    client: { cert: client.cert, key: client.private },
    stranger: { cert: stranger.cert, key: stranger.private },
  };
}

/** Writes the PEM files a person or the app needs (ca.pem, client-cert.pem, client-key.pem) into `directory`. */
export function writeCertificates(directory: string, certificates: StandInCertificates): { ca: string; clientCert: string; clientKey: string } {
  mkdirSync(directory, { recursive: true });
  const paths = { ca: join(directory, "ca.pem"), clientCert: join(directory, "client-cert.pem"), clientKey: join(directory, "client-key.pem") };
  writeFileSync(paths.ca, certificates.ca.cert);
  writeFileSync(paths.clientCert, certificates.client.cert);
  writeFileSync(paths.clientKey, certificates.client.key, { mode: 0o600 });
  return paths;
}

/*
 * A local stand-in of the AEAT's VERI*FACTU web service (issue 13, tests only): HTTPS that
 * requires a client certificate signed by a given CA, as the AEAT requires the company's
 * certificate. It reads each submission field by field (checks.ts), answers like the AEAT
 * (answers.ts) and keeps what it received for the tests' assertions.
 *
 * Where it differs from the AEAT, knowingly: the AEAT answers a schema violation inside a
 * record with a SOAP Fault (4102) for the whole submission; the stand-in refuses only that
 * record (Incorrecto, 1100, with the first problem), which lets tests see which record was
 * wrong. A huella that does not match its fields, or a record not chained to the previous
 * one of the submission, is refused with 2000. Faults are kept for what is outside the
 * records (envelope, header, count).
 */
import { randomBytes } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { readXml, childrenNamed, type XmlElement } from "../xml-tree";
import { fault, respuesta, type AnswerLine } from "./answers";
import { makeCertificates, type StandInCertificates } from "./certificates";
import { checkRecord, checkSequence, NS, type CheckedRecord } from "./checks";

export type { StandInCertificates } from "./certificates";
export type { CheckedRecord } from "./checks";

/**
 * normal: check and answer; fault: a SOAP Fault (env:Server) with 500; error500: a bare 500;
 * hang: never answer (timeouts); reject: the record `rejectNumSerie` answered Incorrecto;
 * duplicate: every record answered as already registered (3000).
 */
export type AeatMode = "normal" | "fault" | "error500" | "hang" | "reject" | "duplicate";

export type Submission = {
  at: Date;
  path: string;
  contentType: string;
  soapAction: string | undefined;
  /** The client certificate's subject CN. */
  clientCertificate: string;
  xml: string;
  /** Why the whole submission was refused (SOAP Fault), if it was. */
  fault?: string;
  records: CheckedRecord[];
  lines: AnswerLine[];
  status: number;
};

export type AeatStandInOptions = {
  /** Certificates to use; made fresh (makeCertificates) when absent. */
  certificates?: StandInCertificates;
  /** PEM of the CA whose client certificates are accepted; the certificates' CA by default. */
  clientCa?: string;
  mode?: AeatMode;
  rejectNumSerie?: string;
  port?: number;
  host?: string;
  /** Called with each submission once answered (the script prints them). */
  onSubmission?: (submission: Submission) => void;
};

export type AeatStandIn = {
  /** The VerifactuSOAP address to configure. */
  url: string;
  certificates: StandInCertificates;
  setMode(mode: AeatMode, options?: { rejectNumSerie?: string }): void;
  submissions(): Submission[];
  /** Forgets which records were accepted (so the same ones are not answered as duplicates). */
  forgetRecords(): void;
  /** TLS handshakes refused (no certificate, or one no trusted CA signed). */
  refusedHandshakes(): string[];
  /** Resolves once `count` submissions were answered (or hung); rejects after `timeoutMs` (default 10 s). */
  waitForSubmissions(count: number, timeoutMs?: number): Promise<Submission[]>;
  close(): Promise<void>;
};

const PATH = "/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP";

const codes = {
  format: { code: "1100", description: "Valor o tipo incorrecto del campo" },
  huella: { code: "2000", description: "El cálculo de la huella suministrada es incorrecta" },
  duplicate: { code: "3000", description: "Registro de facturación duplicado." },
};

type Parsed = { obligado: { NombreRazon: string; NIF: string }; records: XmlElement[] } | { fault: string };

/** The envelope, the header and the list of records; any problem there refuses the whole submission. */
function readSubmission(xml: string): Parsed {
  let envelope: XmlElement;
  try {
    envelope = readXml(xml);
  } catch (error) {
    return { fault: `Codigo[4102].El XML no cumple con el esquema. ${(error as Error).message}` };
  }
  if (envelope.local !== "Envelope" || envelope.ns !== NS.soapenv) return { fault: "Codigo[4102].El XML no es un sobre SOAP 1.1" };
  const body = childrenNamed(envelope, "Body")[0];
  const root = body?.children[0];
  if (!body || body.children.length !== 1 || !root || root.local !== "RegFactuSistemaFacturacion" || root.ns !== NS.sum) {
    return { fault: "Codigo[4102].El cuerpo SOAP debe contener un único sum:RegFactuSistemaFacturacion" };
  }
  const errors: string[] = [];
  const [cabecera, ...lines] = root.children;
  if (!cabecera || cabecera.local !== "Cabecera" || cabecera.ns !== NS.sum) errors.push("falta sum:Cabecera al principio");
  else {
    checkSequence(cabecera, [{ names: ["ObligadoEmision"], children: [{ names: ["NombreRazon"] }, { names: ["NIF"] }] }], "Cabecera", errors);
  }
  if (lines.length < 1 || lines.length > 1000) errors.push(`se esperan de 1 a 1000 RegistroFactura (hay ${lines.length})`);
  const records: XmlElement[] = [];
  for (const line of lines) {
    const record = line.children[0];
    if (line.local !== "RegistroFactura" || line.ns !== NS.sum) errors.push(`elemento inesperado ${line.local}`);
    else if (line.children.length !== 1 || !record || !["RegistroAlta", "RegistroAnulacion"].includes(record.local) || record.ns !== NS.sum1) {
      errors.push("cada RegistroFactura lleva un sum1:RegistroAlta o un sum1:RegistroAnulacion");
    } else records.push(record);
  }
  if (errors.length > 0 || !cabecera) return { fault: `Codigo[4102].El XML no cumple con el esquema: ${errors.join("; ")}` };
  const obligado = childrenNamed(cabecera, "ObligadoEmision")[0];
  const field = (name: string) => (obligado ? childrenNamed(obligado, name)[0]?.text.trim() ?? "" : "");
  return { obligado: { NombreRazon: field("NombreRazon"), NIF: field("NIF") }, records };
}

export async function startAeatStandIn(options: AeatStandInOptions = {}): Promise<AeatStandIn> {
  const certificates = options.certificates ?? (await makeCertificates());
  let mode: AeatMode = options.mode ?? "normal";
  let rejectNumSerie = options.rejectNumSerie;
  const submissions: Submission[] = [];
  const refused: string[] = [];
  const registered = new Map<string, string>();
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());

  const server = https.createServer(
    { key: certificates.server.key, cert: certificates.server.cert, ca: [options.clientCa ?? certificates.ca.cert], requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const xml = Buffer.concat(chunks).toString("utf8");
        const peer = (request.socket as TLSSocket).getPeerCertificate();
        const submission: Submission = {
          at: new Date(),
          path: request.url ?? "",
          contentType: request.headers["content-type"] ?? "",
          soapAction: request.headers.soapaction as string | undefined,
          clientCertificate: typeof peer.subject?.CN === "string" ? peer.subject.CN : "",
          xml,
          records: [],
          lines: [],
          status: 0,
        };
        const send = (status: number, body: string) => {
          submission.status = status;
          submissions.push(submission);
          response.writeHead(status, { "Content-Type": "text/xml; charset=utf-8" }).end(body);
          options.onSubmission?.(submission);
          notify();
        };
        if (request.method !== "POST" || submission.path !== PATH) return send(404, fault("env:Client", "Dirección no encontrada"));
        if (!/^text\/xml\b/i.test(submission.contentType)) return send(415, fault("env:Client", "Se espera text/xml"));
        if (mode === "hang") {
          submissions.push(submission);
          options.onSubmission?.(submission);
          notify();
          return;
        }
        if (mode === "error500") return send(500, "<html><body>Error interno</body></html>");
        if (mode === "fault") return send(500, fault("env:Server", "Codigo[103].Error interno del servidor. Inténtelo más tarde."));

        const parsed = readSubmission(xml);
        if ("fault" in parsed) {
          submission.fault = parsed.fault;
          return send(500, fault("env:Client", parsed.fault));
        }
        const csv = `A-${randomBytes(7).toString("hex").toUpperCase()}`;
        let previous: CheckedRecord | null = null;
        parsed.records.forEach((element, index) => {
          const record = checkRecord(element, previous, parsed.obligado.NIF, index);
          previous = record;
          submission.records.push(record);
          const key = `${record.kind}|${record.IDEmisorFactura}|${record.NumSerieFactura}|${record.FechaExpedicionFactura}`;
          const base = {
            IDEmisorFactura: record.IDEmisorFactura,
            NumSerieFactura: record.NumSerieFactura,
            FechaExpedicionFactura: record.FechaExpedicionFactura,
            TipoOperacion: record.kind === "alta" ? ("Alta" as const) : ("Anulacion" as const),
          };
          const refuse = (code: { code: string; description: string }, detail?: string): AnswerLine => ({
            ...base,
            EstadoRegistro: "Incorrecto",
            CodigoErrorRegistro: code.code,
            DescripcionErrorRegistro: detail ? `${code.description}: ${detail}` : code.description,
          });
          let answer: AnswerLine;
          if (record.errors.length > 0) answer = refuse(codes.format, record.errors[0]);
          else if (record.chainErrors.length > 0) answer = refuse(codes.huella, record.chainErrors[0]);
          else if (mode === "duplicate" || registered.has(key)) {
            answer = { ...refuse(codes.duplicate), duplicateOf: registered.get(key) ?? "ANTERIOR" };
          } else if (mode === "reject" && record.NumSerieFactura === rejectNumSerie) {
            answer = refuse({ code: "1105", description: "Rechazado por el simulador" }, record.NumSerieFactura);
          } else {
            answer = { ...base, EstadoRegistro: "Correcto" };
            registered.set(key, csv);
          }
          submission.lines.push(answer);
        });
        send(200, respuesta({ csv, obligado: parsed.obligado, lines: submission.lines, waitSeconds: 60 }));
      });
    },
  );
  server.on("tlsClientError", (error: NodeJS.ErrnoException) => {
    refused.push(error.code ?? error.message);
    notify();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://localhost:${port}${PATH}`,
    certificates,
    setMode(next, extra) {
      mode = next;
      rejectNumSerie = extra?.rejectNumSerie ?? rejectNumSerie;
    },
    submissions: () => [...submissions],
    forgetRecords: () => registered.clear(),
    refusedHandshakes: () => [...refused],
    waitForSubmissions(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (submissions.length < count) return;
          cleanup();
          resolve([...submissions]);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`El simulador de la AEAT recibió ${submissions.length} envíos de ${count} esperados`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/*
 * The AEAT's VERI*FACTU web service (issue 13, decision 0008): POSTs the SOAP envelope of a
 * RegFactuSistemaFacturacion over HTTPS with mutual TLS (the company's certificate) and
 * reads the answer. It decides whether a failure is worth retrying (the outbox retries) and
 * says why in Spanish for the back office. Configuration comes in as parameters; nothing
 * here logs, and the certificate's passphrase only ever goes to node's TLS.
 *
 * Retrying is safe: the AEAT answers a record it already has as a duplicate (error 3000,
 * RegistroDuplicado), which the caller treats as sent.
 */
import https from "node:https";
import { createSecureContext, type ConnectionOptions, type SecureContext } from "node:tls";
import { parseRespuesta, soapEnvelope, type RespuestaAeat } from "~/domain/invoices/verifactu-xml";

export type AeatEnvironment = "pruebas" | "produccion";

/**
 * The VerifactuSOAP port of the AEAT's SistemaFacturacion.wsdl: SistemaVerifactu(Pruebas) for a
 * personal or representative certificate, SistemaVerifactuSello(Pruebas) for a seal certificate.
 */
export function verifactuEndpoint(environment: AeatEnvironment, certificate: "personal" | "sello" = "personal"): string {
  const host =
    environment === "produccion"
      ? certificate === "sello" ? "www10.agenciatributaria.gob.es" : "www1.agenciatributaria.gob.es"
      : certificate === "sello" ? "prewww10.aeat.es" : "prewww1.aeat.es";
  return `https://${host}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
}

export type AeatClientOptions = {
  url: string;
  /** The certificate and its key as PKCS#12 (.p12/.pfx), with `passphrase`... */
  pfx?: Buffer;
  passphrase?: string;
  /** ...or as PEM (a PEM key may be encrypted with `passphrase` too). */
  cert?: Buffer | string;
  key?: Buffer | string;
  /** Authorities to trust for the server instead of node's (the stand-in's CA in tests). */
  ca?: Buffer | string | Array<Buffer | string>;
  /** The whole exchange, connection included. */
  timeoutMs: number;
  /** Default 10 MB. */
  maxResponseBytes?: number;
};

export type RespuestaRegistros = Extract<RespuestaAeat, { kind: "respuesta" }>;

export type AeatSendResult =
  | { ok: true; answer: RespuestaRegistros; status: number; body: string }
  | {
      ok: false;
      /** A network failure, a timeout, a 5xx or a server fault: the same submission may work later. */
      retryable: boolean;
      /** Spanish, for the back office. */
      reason: string;
      status?: number;
      fault?: { faultcode: string; faultstring: string };
      /** The answer's text when there was one (for the record's history). */
      body?: string;
    };

type Failure = Extract<AeatSendResult, { ok: false }>;

const failure = (retryable: boolean, reason: string, extra: Omit<Failure, "ok" | "retryable" | "reason"> = {}): Failure => ({
  ok: false,
  retryable,
  reason,
  ...extra,
});

function short(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Our certificate's context built once, before connecting, so that a wrong passphrase or file says so. */
function clientContext(options: AeatClientOptions): SecureContext | Failure {
  if (!options.pfx && !(options.cert && options.key)) {
    return failure(false, "No hay certificado electrónico configurado para enviar a la AEAT (VERIFACTU_CERT_PATH)");
  }
  try {
    return createSecureContext({
      pfx: options.pfx,
      cert: options.cert,
      key: options.key,
      passphrase: options.passphrase,
      ca: options.ca,
    });
  } catch {
    // The error's text can quote the file's contents; it never carries the passphrase, but it is not needed either.
    return failure(false, "No se pudo leer el certificado electrónico: fichero dañado o contraseña incorrecta (VERIFACTU_CERT_PASSWORD)");
  }
}

const SERVER_CERTIFICATE_ERRORS = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_REVOKED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** How far a request got before it failed. */
export type ConnectionStage = "connecting" | "handshake" | "sent";

/**
 * A connection that failed: only what cannot improve without someone's action is final.
 * A server that refuses our certificate says so with a TLS alert (final); one that just cuts the
 * connection during or after the handshake (node's own servers do, and TLS 1.3 servers check the
 * certificate after it) looks like a network cut, so it is retried, with the certificate named.
 */
export function classifyConnectionError(error: NodeJS.ErrnoException, stage: ConnectionStage, timeout: { timedOut: boolean; timeoutMs: number }): Failure {
  if (timeout.timedOut) return failure(true, `La AEAT no respondió en ${Math.round(timeout.timeoutMs / 1000)} s; se reintentará`);
  const code = error.code ?? "";
  if (/ALERT_(HANDSHAKE_FAILURE|CERTIFICATE_REQUIRED|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|CERTIFICATE_REVOKED|CERTIFICATE_EXPIRED|UNSUPPORTED_CERTIFICATE|ACCESS_DENIED)/.test(code)) {
    return failure(false, `La AEAT rechazó el certificado electrónico (${code}): revise que esté vigente y sea el del obligado o su representante`);
  }
  if (SERVER_CERTIFICATE_ERRORS.has(code)) {
    return failure(false, `No se pudo verificar el certificado del servidor de la AEAT (${code}): revise la dirección configurada (VERIFACTU_AEAT_URL)`);
  }
  if (stage !== "connecting" && (code === "ECONNRESET" || code === "EPIPE")) {
    const when = stage === "handshake" ? "durante el saludo TLS" : "tras el saludo TLS";
    return failure(true, `La AEAT cortó la conexión ${when} (${code}); si se repite, revise el certificado electrónico; se reintentará`);
  }
  return failure(true, `No se pudo conectar con la AEAT (${code || short(error.message, 80)}); se reintentará`);
}

/** An HTTP answer: the AEAT's verdict, or why there is none and whether to try again. */
function httpResult(status: number, body: string): AeatSendResult {
  const parsed = parseRespuesta(body);
  if (parsed.kind === "respuesta" && status >= 200 && status < 300) return { ok: true, answer: parsed, status, body };
  if (parsed.kind === "fault") {
    const fault = { faultcode: parsed.faultcode, faultstring: parsed.faultstring };
    const retryable = parsed.server;
    const reason = `La AEAT devolvió un error${retryable ? " del servidor" : ""}: ${short(parsed.faultstring) || parsed.faultcode}`;
    return failure(retryable, retryable ? `${reason}; se reintentará` : reason, { status, fault, body });
  }
  if (status >= 500) return failure(true, `La AEAT respondió con un error HTTP ${status}; se reintentará`, { status, body });
  if (status === 408 || status === 429) return failure(true, `La AEAT pidió esperar (HTTP ${status}); se reintentará`, { status, body });
  if (status === 401 || status === 403) {
    return failure(false, `La AEAT denegó el acceso (HTTP ${status}): revise el certificado electrónico y sus apoderamientos`, { status, body });
  }
  if (status >= 300) return failure(false, `La AEAT rechazó la petición (HTTP ${status})`, { status, body });
  // A 2xx without a readable answer (a proxy's page, a cut answer): the records may or may not have arrived;
  // sending them again is safe (duplicates are recognised).
  return failure(true, `Respuesta ilegible de la AEAT (${parsed.kind === "ilegible" ? parsed.reason : "sin respuesta"}); se reintentará`, { status, body });
}

/**
 * Sends a RegFactuSistemaFacturacion document (registrosXml) to the AEAT and returns its answer,
 * or why not. Never throws for network or protocol failures.
 */
export function sendRegistros(xmlBody: string, options: AeatClientOptions): Promise<AeatSendResult> {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    return Promise.resolve(failure(false, "La dirección de la AEAT configurada no es válida (VERIFACTU_AEAT_URL)"));
  }
  if (url.protocol !== "https:") return Promise.resolve(failure(false, "La dirección de la AEAT debe ser https (VERIFACTU_AEAT_URL)"));
  const context = clientContext(options);
  if ("ok" in context) return Promise.resolve(context);
  const payload = Buffer.from(soapEnvelope(xmlBody), "utf8");
  const limit = options.maxResponseBytes ?? 10 * 1024 * 1024;

  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    let stage: ConnectionStage = "connecting";
    const settle = (result: AeatSendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    // https.RequestOptions lacks secureContext, which node passes on to tls.connect.
    const requestOptions: https.RequestOptions & Pick<ConnectionOptions, "secureContext"> = {
      method: "POST",
      // Our certificate, and the authorities trusted for the server (node's own unless `ca` was given).
      secureContext: context,
      agent: false,
      headers: {
        "Content-Type": "text/xml; charset=utf-8",
        "Content-Length": payload.length,
        SOAPAction: '""',
        Accept: "text/xml",
      },
    };
    const request = https.request(
      url,
      requestOptions,
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            response.destroy();
            settle(failure(false, `La respuesta de la AEAT supera ${Math.round(limit / 1024 / 1024)} MB`, { status: response.statusCode }));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => settle(httpResult(response.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"))));
        response.on("error", (error) => settle(classifyConnectionError(error, "sent", { timedOut, timeoutMs: options.timeoutMs })));
      },
    );
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy(new Error("timeout"));
    }, options.timeoutMs);
    request.on("socket", (socket) => {
      socket.once("connect", () => (stage = "handshake"));
      socket.once("secureConnect", () => (stage = "sent"));
    });
    request.on("error", (error: NodeJS.ErrnoException) => settle(classifyConnectionError(error, stage, { timedOut, timeoutMs: options.timeoutMs })));
    request.end(payload);
  });
}

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registrosXml } from "~/domain/invoices/verifactu-xml";
import { classifyConnectionError, sendRegistros, verifactuEndpoint, type AeatClientOptions } from "~/server/invoices/aeat-client.server";
import { startAeatStandIn, type AeatStandIn } from "../support/aeat-standin";
import { validateRespuesta } from "../support/aeat-xsd";
import { obligado, sampleChain } from "../support/verifactu-fixtures";

let standIn: AeatStandIn;
let pem: AeatClientOptions;
let directory: string;
const xml = registrosXml(obligado, sampleChain());

beforeAll(async () => {
  standIn = await startAeatStandIn();
  const { client, ca } = standIn.certificates;
  pem = { url: standIn.url, cert: client.cert, key: client.key, ca: ca.cert, timeoutMs: 5_000 };
  directory = mkdtempSync(join(tmpdir(), "aeat-client-"));
});

afterAll(async () => {
  await standIn.close();
  rmSync(directory, { recursive: true, force: true });
});

beforeEach(() => {
  standIn.setMode("normal");
  standIn.forgetRecords();
});

function lastSubmission() {
  const all = standIn.submissions();
  const last = all[all.length - 1];
  if (!last) throw new Error("El simulador no recibió nada");
  return last;
}

describe("sendRegistros against the AEAT stand-in (mutual TLS)", () => {
  it("sends the records with a PEM certificate and reads the AEAT's answer line by line", async () => {
    const before = standIn.submissions().length;
    const result = await sendRegistros(registrosXml(obligado, sampleChain(new Date("2026-11-24T08:00:00Z"))), pem);
    if (!result.ok) throw new Error(result.reason);
    expect(result.status).toBe(200);
    expect(result.answer.EstadoEnvio).toBe("Correcto");
    expect(result.answer.CSV).toMatch(/^A-[0-9A-F]{14}$/);
    expect(result.answer.TiempoEsperaEnvio).toBe(60);
    expect(result.answer.RespuestaLinea.map((line) => [line.IDFactura.NumSerieFactura, line.TipoOperacion, line.EstadoRegistro])).toEqual([
      ["F2026-000123", "Alta", "Correcto"],
      ["R2026-000004", "Alta", "Correcto"],
      ["F2026-000124", "Alta", "Correcto"],
      ["F2026-000125", "Anulacion", "Correcto"],
    ]);
    expect(standIn.submissions()).toHaveLength(before + 1);
    const received = lastSubmission();
    expect(received.contentType).toBe("text/xml; charset=utf-8");
    expect(received.clientCertificate).toContain("B12345674");
    expect(received.records.map((record) => [record.kind, record.errors, record.chainErrors])).toEqual([
      ["alta", [], []],
      ["alta", [], []],
      ["alta", [], []],
      ["anulacion", [], []],
    ]);
    expect(received.records[0]?.HuellaAnterior).toBe("");
    expect(received.records[1]?.HuellaAnterior).toBe(received.records[0]?.Huella);
  });

  it("sends with a PKCS#12 file and its passphrase, and says so without the passphrase when it is wrong", async () => {
    const certPath = join(directory, "client-cert.pem");
    const keyPath = join(directory, "client-key.pem");
    const p12 = join(directory, "client.p12");
    writeFileSync(certPath, standIn.certificates.client.cert);
    writeFileSync(keyPath, standIn.certificates.client.key);
    execFileSync("openssl", ["pkcs12", "-export", "-in", certPath, "-inkey", keyPath, "-out", p12, "-passout", "pass:Clave-de-prueba_1"]);
    const pfx = readFileSync(p12);
    const options = { url: standIn.url, pfx, ca: standIn.certificates.ca.cert, timeoutMs: 5_000 };

    const result = await sendRegistros(registrosXml(obligado, sampleChain(new Date("2026-11-25T08:00:00Z"))), { ...options, passphrase: "Clave-de-prueba_1" });
    expect(result).toMatchObject({ ok: true, answer: { EstadoEnvio: "Correcto" } });

    const before = standIn.submissions().length;
    const wrong = await sendRegistros(xml, { ...options, passphrase: "otra-clave-secreta" });
    expect(wrong).toMatchObject({ ok: false, retryable: false, reason: expect.stringContaining("contraseña incorrecta") });
    expect(JSON.stringify(wrong)).not.toContain("otra-clave-secreta");
    expect(standIn.submissions()).toHaveLength(before);
  });

  it("a certificate no trusted authority signed is refused: nothing arrives and the reason names the certificate", async () => {
    // Node's server cuts the connection without a TLS alert, which the client cannot tell from a network cut:
    // retried, with the certificate named (a TLS alert is final: see the classification tests below).
    const refusedBefore = standIn.refusedHandshakes().length;
    const before = standIn.submissions().length;
    const { stranger } = standIn.certificates;
    const result = await sendRegistros(xml, { ...pem, cert: stranger.cert, key: stranger.key });
    expect(result).toMatchObject({ ok: false, retryable: true, reason: expect.stringContaining("revise el certificado electrónico") });
    expect(standIn.submissions()).toHaveLength(before);
    expect(standIn.refusedHandshakes().length).toBeGreaterThan(refusedBefore);
  });

  it("the stand-in refuses a connection without any client certificate", async () => {
    const refusedBefore = standIn.refusedHandshakes().length;
    const outcome = await new Promise<string>((resolve) => {
      const request = https.request(standIn.url, { method: "POST", ca: standIn.certificates.ca.cert, agent: false }, (response) => {
        response.resume();
        resolve(`HTTP ${response.statusCode}`);
      });
      request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      request.end("<x/>");
    });
    expect(outcome).not.toMatch(/^HTTP/);
    expect(standIn.refusedHandshakes().length).toBeGreaterThan(refusedBefore);
    // What the client makes of that refusal (an alert inside the handshake): final.
    const refusal = classifyConnectionError(Object.assign(new Error(outcome), { code: outcome }), "handshake", { timedOut: false, timeoutMs: 5_000 });
    expect(refusal).toMatchObject({ retryable: false, reason: expect.stringContaining("rechazó el certificado") });
  });

  it("without a configured certificate nothing is sent", async () => {
    const before = standIn.submissions().length;
    const result = await sendRegistros(xml, { url: standIn.url, timeoutMs: 5_000 });
    expect(result).toMatchObject({ ok: false, retryable: false, reason: expect.stringContaining("No hay certificado") });
    expect(standIn.submissions()).toHaveLength(before);
  });

  it("a server fault (500) is retryable; a client fault (the XML refused) is not", async () => {
    standIn.setMode("fault");
    const server = await sendRegistros(xml, pem);
    expect(server).toMatchObject({ ok: false, retryable: true, status: 500, fault: { faultcode: "env:Server" } });

    standIn.setMode("normal");
    const broken = '<?xml version="1.0" encoding="UTF-8"?><sum:RegFactuSistemaFacturacion xmlns:sum="urn:otro"/>';
    const client = await sendRegistros(broken, pem);
    expect(client).toMatchObject({ ok: false, retryable: false, status: 500, fault: { faultcode: "env:Client" }, reason: expect.stringContaining("4102") });
    expect(lastSubmission().fault).toContain("RegFactuSistemaFacturacion");
  });

  it("a bare HTTP 500 is retryable", async () => {
    standIn.setMode("error500");
    expect(await sendRegistros(xml, pem)).toMatchObject({ ok: false, retryable: true, status: 500, reason: expect.stringContaining("HTTP 500") });
  });

  it("a server that never answers times out, retryable", async () => {
    standIn.setMode("hang");
    const started = Date.now();
    const before = standIn.submissions().length;
    const pending = sendRegistros(xml, { ...pem, timeoutMs: 300 });
    // The stand-in received it (and holds it): the client gives up on its own.
    await standIn.waitForSubmissions(before + 1);
    const result = await pending;
    expect(result).toMatchObject({ ok: false, retryable: true, reason: expect.stringContaining("no respondió") });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("a refused line comes back with its code while the others are accepted", async () => {
    standIn.setMode("reject", { rejectNumSerie: "F2026-000124" });
    const result = await sendRegistros(registrosXml(obligado, sampleChain(new Date("2026-11-26T08:00:00Z"))), pem);
    if (!result.ok) throw new Error(result.reason);
    expect(result.answer.EstadoEnvio).toBe("ParcialmenteCorrecto");
    expect(result.answer.RespuestaLinea.map((line) => [line.IDFactura.NumSerieFactura, line.EstadoRegistro, line.CodigoErrorRegistro])).toEqual([
      ["F2026-000123", "Correcto", undefined],
      ["R2026-000004", "Correcto", undefined],
      ["F2026-000124", "Incorrecto", "1105"],
      ["F2026-000125", "Correcto", undefined],
    ]);
  });

  it("records the AEAT already has are answered as duplicates with the earlier submission", async () => {
    const records = registrosXml(obligado, sampleChain(new Date("2026-11-27T08:00:00Z")));
    const first = await sendRegistros(records, pem);
    if (!first.ok) throw new Error(first.reason);
    const again = await sendRegistros(records, pem);
    if (!again.ok) throw new Error(again.reason);
    expect(again.answer.EstadoEnvio).toBe("Incorrecto");
    expect(again.answer).not.toHaveProperty("CSV");
    for (const line of again.answer.RespuestaLinea) {
      expect(line).toMatchObject({ EstadoRegistro: "Incorrecto", CodigoErrorRegistro: "3000", RegistroDuplicado: { IdPeticionRegistroDuplicado: first.answer.CSV, EstadoRegistroDuplicado: "Correcta" } });
    }
    standIn.setMode("duplicate");
    const forced = await sendRegistros(registrosXml(obligado, sampleChain(new Date("2026-11-28T08:00:00Z"))), pem);
    expect(forced).toMatchObject({ ok: true, answer: { EstadoEnvio: "Incorrecto" } });
  });

  it("an untrusted server certificate is not retried; a closed port is", async () => {
    const { ca: _ca, ...untrusting } = pem;
    expect(await sendRegistros(xml, untrusting)).toMatchObject({ ok: false, retryable: false, reason: expect.stringContaining("certificado del servidor") });
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    expect(await sendRegistros(xml, { ...pem, url: `https://127.0.0.1:${port}/x` })).toMatchObject({ ok: false, retryable: true });
    expect(await sendRegistros(xml, { ...pem, url: "http://localhost/x" })).toMatchObject({ ok: false, retryable: false });
  });
});

describe("the stand-in answers like the AEAT", () => {
  const answerElement = (body: string) => {
    const match = /<tikR:RespuestaRegFactuSistemaFacturacion[\s\S]*<\/tikR:RespuestaRegFactuSistemaFacturacion>/.exec(body);
    if (!match) throw new Error("Sin RespuestaRegFactuSistemaFacturacion");
    return `<?xml version="1.0" encoding="UTF-8"?>${match[0]}`;
  };

  it("accepted, partly refused and duplicate answers validate against RespuestaSuministro.xsd", async () => {
    const records = registrosXml(obligado, sampleChain(new Date("2026-11-30T08:00:00Z")));
    standIn.setMode("reject", { rejectNumSerie: "R2026-000004" });
    const partly = await sendRegistros(records, pem);
    standIn.setMode("normal");
    const duplicate = await sendRegistros(records, pem);
    const tampered = await sendRegistros(records.replace("<sum1:CuotaTotal>210.00</sum1:CuotaTotal>", "<sum1:CuotaTotal>210</sum1:CuotaTotal>"), pem);
    for (const result of [partly, duplicate, tampered]) {
      if (!result.ok) throw new Error(result.reason);
      expect(await validateRespuesta(answerElement(result.body))).toEqual({ valid: true, errors: [] });
    }
    if (!partly.ok || !duplicate.ok) throw new Error("sin respuesta");
    expect(partly.answer.RespuestaLinea.map((line) => line.EstadoRegistro)).toEqual(["Correcto", "Incorrecto", "Correcto", "Correcto"]);
    expect(duplicate.answer.RespuestaLinea.filter((line) => line.CodigoErrorRegistro === "3000")).toHaveLength(3);
  });
});

describe("the stand-in checks what it receives", () => {
  const tamper = (from: RegExp | string, to: string) => {
    const changed = xml.replace(from, to);
    expect(changed).not.toBe(xml);
    return changed;
  };
  const lineOf = async (body: string, numSerie: string) => {
    const result = await sendRegistros(body, pem);
    if (!result.ok) throw new Error(result.reason);
    return result.answer.RespuestaLinea.find((line) => line.IDFactura.NumSerieFactura === numSerie);
  };

  it("recomputes each huella from the record's fields", async () => {
    const body = tamper("<sum1:ImporteTotal>1210.00</sum1:ImporteTotal>", "<sum1:ImporteTotal>1211.00</sum1:ImporteTotal>");
    expect(await lineOf(body, "F2026-000123")).toMatchObject({ EstadoRegistro: "Incorrecto", CodigoErrorRegistro: "2000" });
  });

  it("checks each record's RegistroAnterior against the previous record of the submission", async () => {
    const chain = sampleChain(new Date("2026-11-29T08:00:00Z"));
    const swapped = registrosXml(obligado, [chain[0], chain[2], chain[1], chain[3]].filter((entry) => entry !== undefined));
    const line = await lineOf(swapped, "F2026-000124");
    expect(line).toMatchObject({ EstadoRegistro: "Incorrecto", CodigoErrorRegistro: "2000", DescripcionErrorRegistro: expect.stringContaining("RegistroAnterior") });
  });

  it("refuses formats and order the schema does not allow", async () => {
    const badDate = tamper("<sum1:FechaOperacion>22-11-2026</sum1:FechaOperacion>", "<sum1:FechaOperacion>2026-11-22</sum1:FechaOperacion>");
    expect(await lineOf(badDate, "F2026-000123")).toMatchObject({ CodigoErrorRegistro: "1100", DescripcionErrorRegistro: expect.stringContaining("FechaOperacion") });
    const badNif = tamper("<sum1:NIF>12345678Z</sum1:NIF>", "<sum1:NIF>1234567Z</sum1:NIF>");
    expect(await lineOf(badNif, "F2026-000123")).toMatchObject({ CodigoErrorRegistro: "1100", DescripcionErrorRegistro: expect.stringContaining("NIF") });
    const badAmount = tamper("<sum1:CuotaTotal>210.00</sum1:CuotaTotal>", "<sum1:CuotaTotal>210,00</sum1:CuotaTotal>");
    expect(await lineOf(badAmount, "F2026-000123")).toMatchObject({ CodigoErrorRegistro: "1100" });
    const outOfOrder = tamper(
      /(<sum1:TipoFactura>F1<\/sum1:TipoFactura>)(<sum1:FechaOperacion>[^<]*<\/sum1:FechaOperacion>)/,
      "$2$1",
    );
    expect(await lineOf(outOfOrder, "F2026-000123")).toMatchObject({ CodigoErrorRegistro: "1100", DescripcionErrorRegistro: expect.stringContaining("TipoFactura") });
    const lowerHuella = xml.replace(/<sum1:Huella>([0-9A-F]{64})<\/sum1:Huella><\/sum1:RegistroAnulacion>/, (_all, hash: string) => `<sum1:Huella>${hash.toLowerCase()}</sum1:Huella></sum1:RegistroAnulacion>`);
    expect(lowerHuella).not.toBe(xml);
    expect(await lineOf(lowerHuella, "F2026-000125")).toMatchObject({ CodigoErrorRegistro: "1100", DescripcionErrorRegistro: expect.stringContaining("huella") });
  });
});

describe("classifyConnectionError", () => {
  const error = (code: string) => Object.assign(new Error(code), { code });
  const timeout = { timedOut: false, timeoutMs: 5_000 };

  it("a TLS alert about our certificate is final", () => {
    for (const code of ["ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE", "ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED", "ERR_SSL_TLSV1_ALERT_UNKNOWN_CA", "ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE"]) {
      expect(classifyConnectionError(error(code), "handshake", timeout)).toMatchObject({ retryable: false, reason: expect.stringContaining("rechazó el certificado") });
    }
  });

  it("network failures and timeouts are retried", () => {
    expect(classifyConnectionError(error("ECONNREFUSED"), "connecting", timeout)).toMatchObject({ retryable: true });
    expect(classifyConnectionError(error("ENOTFOUND"), "connecting", timeout)).toMatchObject({ retryable: true });
    expect(classifyConnectionError(error("ECONNRESET"), "sent", timeout)).toMatchObject({ retryable: true, reason: expect.stringContaining("tras el saludo TLS") });
    expect(classifyConnectionError(error("ECONNRESET"), "sent", { timedOut: true, timeoutMs: 5_000 })).toMatchObject({ retryable: true, reason: expect.stringContaining("5 s") });
  });
});

describe("verifactuEndpoint", () => {
  it("gives the AEAT's test and production addresses", () => {
    expect(verifactuEndpoint("pruebas")).toBe("https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP");
    expect(verifactuEndpoint("produccion")).toBe("https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP");
    expect(verifactuEndpoint("pruebas", "sello")).toBe("https://prewww10.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP");
    expect(verifactuEndpoint("produccion", "sello")).toBe("https://www10.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP");
  });
});

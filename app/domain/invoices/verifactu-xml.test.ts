import { describe, expect, it } from "vitest";
import { validateSuministroLR } from "../../../tests/support/aeat-xsd";
import { canaryInvoice, obligado, sampleChain } from "../../../tests/support/verifactu-fixtures";
import { childrenNamed, only, readXml, textAt, type XmlElement } from "../../../tests/support/xml-tree";
import { AEAT_NS, MAX_REGISTROS_POR_ENVIO, parseRespuesta, registrosXml, soapEnvelope } from "./verifactu-xml";

function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`No hay elemento ${index}`);
  return item;
}

const names = (element: XmlElement) => element.children.map((child) => child.local);

function records(xml: string): XmlElement[] {
  const root = readXml(xml);
  return childrenNamed(root, "RegistroFactura").map((line) => {
    expect(line.ns).toBe(AEAT_NS.sum);
    expect(line.children).toHaveLength(1);
    expect(nth(line.children, 0).ns).toBe(AEAT_NS.sum1);
    return nth(line.children, 0);
  });
}

describe("registrosXml", () => {
  const chain = sampleChain();
  const xml = registrosXml(obligado, chain);

  it("writes the RegFactuSistemaFacturacion document with its declaration, header and one RegistroFactura per record", () => {
    expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n`)).toBe(true);
    const root = readXml(xml);
    expect(root.local).toBe("RegFactuSistemaFacturacion");
    expect(root.ns).toBe(AEAT_NS.sum);
    expect(names(root)).toEqual(["Cabecera", "RegistroFactura", "RegistroFactura", "RegistroFactura", "RegistroFactura"]);
    const cabecera = only(root, "Cabecera");
    expect(cabecera.ns).toBe(AEAT_NS.sum);
    expect(only(cabecera, "ObligadoEmision").ns).toBe(AEAT_NS.sum1);
    expect(textAt(cabecera, "ObligadoEmision", "NombreRazon")).toBe("Climatización Ejemplo SL");
    expect(textAt(cabecera, "ObligadoEmision", "NIF")).toBe("B12345674");
    expect(records(xml).map((record) => record.local)).toEqual(["RegistroAlta", "RegistroAlta", "RegistroAlta", "RegistroAnulacion"]);
  });

  it("a complete invoice (F1), first of the chain: every field in the XSD's order", () => {
    const alta = nth(records(xml), 0);
    const first = nth(chain, 0);
    const record = first.kind === "alta" ? first.record : null;
    expect(names(alta)).toEqual([
      "IDVersion", "IDFactura", "NombreRazonEmisor", "TipoFactura", "FechaOperacion", "DescripcionOperacion", "Destinatarios",
      "Desglose", "CuotaTotal", "ImporteTotal", "Encadenamiento", "SistemaInformatico", "FechaHoraHusoGenRegistro", "TipoHuella", "Huella",
    ]);
    expect(textAt(alta, "IDVersion")).toBe("1.0");
    expect(names(only(alta, "IDFactura"))).toEqual(["IDEmisorFactura", "NumSerieFactura", "FechaExpedicionFactura"]);
    expect(textAt(alta, "IDFactura", "IDEmisorFactura")).toBe("B12345674");
    expect(textAt(alta, "IDFactura", "NumSerieFactura")).toBe("F2026-000123");
    expect(textAt(alta, "IDFactura", "FechaExpedicionFactura")).toBe("23-11-2026");
    expect(textAt(alta, "TipoFactura")).toBe("F1");
    expect(textAt(alta, "FechaOperacion")).toBe("22-11-2026");
    expect(textAt(alta, "DescripcionOperacion")).toBe("Pedido 0042-221126");
    expect(textAt(alta, "Destinatarios", "IDDestinatario", "NombreRazon")).toBe("Ana Pérez");
    expect(textAt(alta, "Destinatarios", "IDDestinatario", "NIF")).toBe("12345678Z");
    const detalle = only(only(alta, "Desglose"), "DetalleDesglose");
    expect(names(detalle)).toEqual(["Impuesto", "ClaveRegimen", "CalificacionOperacion", "TipoImpositivo", "BaseImponibleOimporteNoSujeto", "CuotaRepercutida"]);
    expect(detalle.children.map((child) => child.text)).toEqual(["01", "01", "S1", "21.00", "1000.00", "210.00"]);
    expect(textAt(alta, "CuotaTotal")).toBe("210.00");
    expect(textAt(alta, "ImporteTotal")).toBe("1210.00");
    expect(textAt(alta, "Encadenamiento", "PrimerRegistro")).toBe("S");
    expect(names(only(alta, "SistemaInformatico"))).toEqual([
      "NombreRazon", "NIF", "NombreSistemaInformatico", "IdSistemaInformatico", "Version", "NumeroInstalacion",
      "TipoUsoPosibleSoloVerifactu", "TipoUsoPosibleMultiOT", "IndicadorMultiplesOT",
    ]);
    expect(only(alta, "SistemaInformatico").children.map((child) => child.text)).toEqual(["Climatización Ejemplo SL", "B12345674", "Tienda", "TI", "1.0.0", "1", "S", "N", "N"]);
    expect(textAt(alta, "FechaHoraHusoGenRegistro")).toBe("2026-11-23T10:15:00+01:00");
    expect(textAt(alta, "TipoHuella")).toBe("01");
    expect(textAt(alta, "Huella")).toBe(record?.Huella);
    expect(textAt(alta, "Huella")).toMatch(/^[0-9A-F]{64}$/);
  });

  it("a rectifying invoice by differences (R1, I): the invoice it rectifies, negative amounts, chained to the F1", () => {
    const alta = nth(records(xml), 1);
    expect(names(alta)).toEqual([
      "IDVersion", "IDFactura", "NombreRazonEmisor", "TipoFactura", "TipoRectificativa", "FacturasRectificadas", "DescripcionOperacion",
      "Destinatarios", "Desglose", "CuotaTotal", "ImporteTotal", "Encadenamiento", "SistemaInformatico", "FechaHoraHusoGenRegistro",
      "TipoHuella", "Huella",
    ]);
    expect(textAt(alta, "TipoFactura")).toBe("R1");
    expect(textAt(alta, "TipoRectificativa")).toBe("I");
    const rectified = only(only(alta, "FacturasRectificadas"), "IDFacturaRectificada");
    expect(rectified.children.map((child) => `${child.local}=${child.text}`)).toEqual([
      "IDEmisorFactura=B12345674", "NumSerieFactura=F2026-000123", "FechaExpedicionFactura=23-11-2026",
    ]);
    expect(textAt(alta, "DescripcionOperacion")).toBe("Rectificación de la factura F2026-000123: Devolución de un artículo");
    expect(textAt(alta, "Desglose", "DetalleDesglose", "BaseImponibleOimporteNoSujeto")).toBe("-100.00");
    expect(textAt(alta, "Desglose", "DetalleDesglose", "CuotaRepercutida")).toBe("-21.00");
    expect(textAt(alta, "CuotaTotal")).toBe("-21.00");
    expect(textAt(alta, "ImporteTotal")).toBe("-121.00");
    const previous = only(only(alta, "Encadenamiento"), "RegistroAnterior");
    expect(names(previous)).toEqual(["IDEmisorFactura", "NumSerieFactura", "FechaExpedicionFactura", "Huella"]);
    expect(textAt(previous, "NumSerieFactura")).toBe("F2026-000123");
    expect(textAt(previous, "Huella")).toBe(textAt(nth(records(xml), 0), "Huella"));
  });

  it("an exempt export to the Canary Islands (E2, ClaveRegimen 02) without rate or quota, and a name with & < > escaped", () => {
    expect(xml).toContain("<sum1:NombreRazon>Frío &amp; Calor &lt;Canarias&gt; SL</sum1:NombreRazon>");
    const alta = nth(records(xml), 2);
    expect(textAt(alta, "Destinatarios", "IDDestinatario", "NombreRazon")).toBe(canaryInvoice.buyer.name);
    const detalle = only(only(alta, "Desglose"), "DetalleDesglose");
    expect(names(detalle)).toEqual(["Impuesto", "ClaveRegimen", "OperacionExenta", "BaseImponibleOimporteNoSujeto"]);
    expect(detalle.children.map((child) => child.text)).toEqual(["01", "02", "E2", "450.00"]);
    expect(textAt(alta, "CuotaTotal")).toBe("0.00");
    expect(textAt(alta, "ImporteTotal")).toBe("450.00");
  });

  it("an anulación: the cancelled invoice's identifiers, chained to the previous record", () => {
    const anulacion = nth(records(xml), 3);
    expect(names(anulacion)).toEqual(["IDVersion", "IDFactura", "Encadenamiento", "SistemaInformatico", "FechaHoraHusoGenRegistro", "TipoHuella", "Huella"]);
    expect(only(anulacion, "IDFactura").children.map((child) => `${child.local}=${child.text}`)).toEqual([
      "IDEmisorFacturaAnulada=B12345674", "NumSerieFacturaAnulada=F2026-000125", "FechaExpedicionFacturaAnulada=23-11-2026",
    ]);
    expect(textAt(anulacion, "Encadenamiento", "RegistroAnterior", "NumSerieFactura")).toBe("F2026-000124");
    expect(textAt(anulacion, "Encadenamiento", "RegistroAnterior", "Huella")).toBe(textAt(nth(records(xml), 2), "Huella"));
    expect(textAt(anulacion, "FechaHoraHusoGenRegistro")).toBe("2026-11-23T10:18:00+01:00");
  });

  it("writes the elements in the schema's order even when the record's keys come back reordered (jsonb)", () => {
    const shuffled = chain.map((entry) => ({
      ...entry,
      record: JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(entry.record).reverse()))),
    }));
    expect(registrosXml(obligado, shuffled)).toBe(xml);
  });

  it("validates against the AEAT's SuministroLR.xsd", async () => {
    expect(await validateSuministroLR(xml)).toEqual({ valid: true, errors: [] });
  });

  it("the schema check can fail: an element out of order is refused", async () => {
    const swapped = xml.replace(
      /(<sum1:CuotaTotal>[^<]*<\/sum1:CuotaTotal>)(<sum1:ImporteTotal>[^<]*<\/sum1:ImporteTotal>)/,
      "$2$1",
    );
    expect(swapped).not.toBe(xml);
    const result = await validateSuministroLR(swapped);
    expect(result.valid).toBe(false);
    expect(result.errors.join("\n")).toMatch(/ImporteTotal/);
  });

  it("refuses an empty submission, more than 1000 records, and text XML cannot carry", () => {
    expect(() => registrosXml(obligado, [])).toThrow(RangeError);
    const many = Array.from({ length: MAX_REGISTROS_POR_ENVIO + 1 }, () => nth(chain, 0));
    expect(() => registrosXml(obligado, many)).toThrow(/1000/);
    expect(() => registrosXml(obligado, many.slice(0, MAX_REGISTROS_POR_ENVIO))).not.toThrow();
    expect(() => registrosXml({ ...obligado, NombreRazon: "Mal\u0007nombre" }, chain)).toThrow(/no permitidos/);
    expect(() => registrosXml({ ...obligado, NIF: "B1234567" }, chain)).toThrow(/9 caracteres/);
    expect(() => registrosXml({ ...obligado, NIF: "A87654321" }, chain)).toThrow(/otro emisor/);
  });
});

describe("soapEnvelope", () => {
  it("wraps the document (without its declaration) in a SOAP 1.1 Body", () => {
    const envelope = soapEnvelope(registrosXml(obligado, sampleChain()));
    expect(envelope.match(/<\?xml/g)).toHaveLength(1);
    const root = readXml(envelope);
    expect(root.local).toBe("Envelope");
    expect(root.ns).toBe(AEAT_NS.soapenv);
    expect(names(root)).toEqual(["Header", "Body"]);
    const body = only(root, "Body");
    expect(names(body)).toEqual(["RegFactuSistemaFacturacion"]);
    expect(nth(body.children, 0).ns).toBe(AEAT_NS.sum);
  });
});

const respuesta = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/">
  <env:Header/>
  <env:Body Id="Body">
    <tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${AEAT_NS.respuesta}" xmlns:tik="${AEAT_NS.sum1}">
      ${inner}
    </tikR:RespuestaRegFactuSistemaFacturacion>
  </env:Body>
</env:Envelope>`;

const linea = (numSerie: string, estado: string, extra = "") => `
      <tikR:RespuestaLinea>
        <tikR:IDFactura>
          <tik:IDEmisorFactura>B12345674</tik:IDEmisorFactura>
          <tik:NumSerieFactura>${numSerie}</tik:NumSerieFactura>
          <tik:FechaExpedicionFactura>23-11-2026</tik:FechaExpedicionFactura>
        </tikR:IDFactura>
        <tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion>
        <tikR:EstadoRegistro>${estado}</tikR:EstadoRegistro>${extra}
      </tikR:RespuestaLinea>`;

const cabecera = `<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>Climatización Ejemplo SL</tik:NombreRazon><tik:NIF>B12345674</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>`;

describe("parseRespuesta", () => {
  it("reads an accepted submission: CSV, state, waiting time and each line", () => {
    const answer = parseRespuesta(
      respuesta(`<tikR:CSV>A-Y23JP3582934</tikR:CSV>
      <tikR:DatosPresentacion><tik:NIFPresentador>B12345674</tik:NIFPresentador><tik:TimestampPresentacion>2026-11-23T10:20:00+01:00</tik:TimestampPresentacion></tikR:DatosPresentacion>
      ${cabecera}<tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>Correcto</tikR:EstadoEnvio>${linea("F2026-000123", "Correcto")}`),
    );
    expect(answer).toEqual({
      kind: "respuesta",
      CSV: "A-Y23JP3582934",
      EstadoEnvio: "Correcto",
      TiempoEsperaEnvio: 60,
      RespuestaLinea: [
        {
          IDFactura: { IDEmisorFactura: "B12345674", NumSerieFactura: "F2026-000123", FechaExpedicionFactura: "23-11-2026" },
          TipoOperacion: "Alta",
          EstadoRegistro: "Correcto",
        },
      ],
    });
  });

  it("reads a partly refused submission with error codes (kept as text) and a duplicate", () => {
    const answer = parseRespuesta(
      respuesta(`<tikR:CSV>A-1</tikR:CSV>${cabecera}<tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>ParcialmenteCorrecto</tikR:EstadoEnvio>
      ${linea("F2026-000123", "Correcto")}
      ${linea("F2026-000124", "Incorrecto", "<tikR:CodigoErrorRegistro>1100</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>Valor o tipo incorrecto del campo: NIF &amp; más</tikR:DescripcionErrorRegistro>")}
      ${linea("R2026-000004", "Incorrecto", "<tikR:CodigoErrorRegistro>3000</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>Registro de facturación duplicado.</tikR:DescripcionErrorRegistro><tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>202611231020</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>Correcta</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>")}`),
    );
    if (answer.kind !== "respuesta") throw new Error(answer.kind);
    expect(answer.EstadoEnvio).toBe("ParcialmenteCorrecto");
    expect(answer.RespuestaLinea.map((line) => [line.IDFactura.NumSerieFactura, line.EstadoRegistro, line.CodigoErrorRegistro])).toEqual([
      ["F2026-000123", "Correcto", undefined],
      ["F2026-000124", "Incorrecto", "1100"],
      ["R2026-000004", "Incorrecto", "3000"],
    ]);
    expect(nth(answer.RespuestaLinea, 1).DescripcionErrorRegistro).toBe("Valor o tipo incorrecto del campo: NIF & más");
    expect(nth(answer.RespuestaLinea, 2).RegistroDuplicado).toEqual({ IdPeticionRegistroDuplicado: "202611231020", EstadoRegistroDuplicado: "Correcta" });
  });

  it("reads a wholly refused submission without CSV", () => {
    const answer = parseRespuesta(
      respuesta(`${cabecera}<tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>Incorrecto</tikR:EstadoEnvio>${linea("F2026-000123", "Incorrecto", "<tikR:CodigoErrorRegistro>2000</tikR:CodigoErrorRegistro>")}`),
    );
    expect(answer).toMatchObject({ kind: "respuesta", EstadoEnvio: "Incorrecto", RespuestaLinea: [{ EstadoRegistro: "Incorrecto", CodigoErrorRegistro: "2000" }] });
    expect(answer).not.toHaveProperty("CSV");
  });

  it("reads a SOAP Fault and tells a client fault from a server one", () => {
    const fault = (code: string) => `<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>${code}</faultcode><faultstring>Codigo[4102].El XML no cumple el esquema.</faultstring><detail><callstack>x</callstack></detail></env:Fault></env:Body></env:Envelope>`;
    expect(parseRespuesta(fault("env:Client"))).toEqual({ kind: "fault", faultcode: "env:Client", faultstring: "Codigo[4102].El XML no cumple el esquema.", server: false });
    expect(parseRespuesta(fault("soapenv:Server"))).toMatchObject({ kind: "fault", server: true });
  });

  it("says why an answer is unreadable", () => {
    expect(parseRespuesta("<html><body>Mantenimiento</body></html>")).toMatchObject({ kind: "ilegible" });
    expect(parseRespuesta("no es xml <")).toMatchObject({ kind: "ilegible" });
    expect(parseRespuesta(`<!DOCTYPE r [<!ENTITY a "aaaa">]>${respuesta("<tikR:EstadoEnvio>Correcto</tikR:EstadoEnvio>")}`)).toMatchObject({ kind: "ilegible", reason: expect.stringContaining("DOCTYPE") });
    expect(parseRespuesta(respuesta(`<tikR:EstadoEnvio>Quizá</tikR:EstadoEnvio>`))).toMatchObject({ kind: "ilegible", reason: expect.stringContaining("EstadoEnvio") });
    expect(parseRespuesta(respuesta(`<tikR:EstadoEnvio>Correcto</tikR:EstadoEnvio><tikR:RespuestaLinea><tikR:EstadoRegistro>Correcto</tikR:EstadoRegistro></tikR:RespuestaLinea>`))).toMatchObject({ kind: "ilegible" });
  });
});

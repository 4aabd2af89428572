/*
 * Validation against the AEAT's schemas (tests/fixtures/aeat-xsd, see its README for where
 * the files come from) with xmllint compiled to WebAssembly: SuministroLR.xsd imports
 * SuministroInformacion.xsd, which imports the W3C's xmldsig schema, so all are loaded. The
 * AEAT's files stay as published: the xmldsig import's web address is pointed at the local
 * copy here, as xmllint works offline.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

const directory = fileURLToPath(new URL("../fixtures/aeat-xsd/", import.meta.url));
const file = (fileName: string) => ({ fileName, contents: readFileSync(`${directory}${fileName}`, "utf8") });
const XMLDSIG_ONLINE = 'schemaLocation="http://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd"';

function informacion() {
  const schema = file("SuministroInformacion.xsd");
  if (!schema.contents.includes(XMLDSIG_ONLINE)) throw new Error("SuministroInformacion.xsd ya no importa xmldsig desde la dirección del W3C");
  return { ...schema, contents: schema.contents.replace(XMLDSIG_ONLINE, 'schemaLocation="xmldsig-core-schema.xsd"') };
}

async function validate(xml: string, schema: string, preload: string[]): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({
    xml: { fileName: "documento.xml", contents: xml },
    schema: [file(schema)],
    preload: [informacion(), file("xmldsig-core-schema.xsd"), ...preload.map(file)],
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}

/** A RegFactuSistemaFacturacion document (the shop's XML export). */
export function validateSuministroLR(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  return validate(xml, "SuministroLR.xsd", []);
}

/** A RespuestaRegFactuSistemaFacturacion document (the element taken out of its SOAP envelope). */
export function validateRespuesta(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  return validate(xml, "RespuestaSuministro.xsd", ["SuministroLR.xsd"]);
}

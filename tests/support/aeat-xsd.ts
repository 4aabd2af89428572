/*
 * Validation against the AEAT's schemas (tests/fixtures/aeat-xsd, see its README for where
 * the files come from) with xmllint compiled to WebAssembly: SuministroLR.xsd imports
 * SuministroInformacion.xsd, which imports the W3C's xmldsig schema, so all three are loaded.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { validateXML } from "xmllint-wasm";

const directory = fileURLToPath(new URL("../fixtures/aeat-xsd/", import.meta.url));
const file = (fileName: string) => ({ fileName, contents: readFileSync(`${directory}${fileName}`, "utf8") });

export async function validateSuministroLR(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({
    xml: { fileName: "registros.xml", contents: xml },
    schema: [file("SuministroLR.xsd")],
    preload: [file("SuministroInformacion.xsd"), file("xmldsig-core-schema.xsd")],
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}

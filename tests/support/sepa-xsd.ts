/*
 * Validation of a SEPA direct debit file against ISO 20022's pain.008.001.02 schema
 * (tests/fixtures/sepa-xsd, see its README for where the file comes from) with xmllint
 * compiled to WebAssembly, as tests/support/aeat-xsd.ts does for the AEAT's schemas. The
 * schema is one file with no imports.
 */
import { readFileSync } from "node:fs";
import { validateXML } from "xmllint-wasm";

const PAIN_008 = readFileSync(new URL("../fixtures/sepa-xsd/pain.008.001.02.xsd", import.meta.url), "utf8");

/** A CstmrDrctDbtInitn document; the errors are xmllint's own lines. */
export async function validatePain008(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({
    xml: { fileName: "adeudos.xml", contents: xml },
    schema: [{ fileName: "pain.008.001.02.xsd", contents: PAIN_008 }],
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}

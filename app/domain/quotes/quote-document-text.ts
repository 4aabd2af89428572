import { formatYmd } from "../dates/madrid-dates";
import type { QuoteDocument, QuoteLine, QuoteLineKind } from "./quote-content";
import { depositLabel } from "./quote-deposit";
import { percentBasis, quantity } from "./quote-format";
import { canonicalEuros } from "../money";
import { alternativeTotals, lineBaseCents } from "./quote-totals";
import { REDUCED_VAT_CONDITIONS } from "./quote-vat";

/*
 * The canonical text of a sent version (issue 17): every fact the customer reads and signs,
 * in a fixed order, one per line. Its SHA-256 is the version's documentSha256, which the
 * acceptance stores; the page and the PDF show the same facts (decision 0016). Deterministic:
 * no Intl, no clock, no object-key order; changing it changes every stored hash, so a new
 * wording needs a new "Formato" line.
 */

export const DOCUMENT_TEXT_FORMAT = "presupuesto-v1";

export const RECEIVED_STATEMENT = "PRESUPUESTO RECIBIDO ANTES DE LA REALIZACIÓN DE LOS TRABAJOS";
export const USED_MATERIALS_STATEMENT = "Autoriza a la utilización de materiales usados";

export const LINE_KIND_LABELS: Record<QuoteLineKind, string> = {
  producto: "Equipo del catálogo",
  servicio: "Servicio",
  mano_de_obra: "Mano de obra",
  material: "Material",
  descuento: "Descuento",
};

export function quotesUsedMaterials(document: Pick<QuoteDocument, "alternatives">): boolean {
  return document.alternatives.some((alternative) => alternative.lines.some((line) => line.used && line.kind !== "descuento"));
}

/** "Caldera X (calidad: A+, usado): 2 ud x 100,00 € = 200,00 €". */
export function lineText(line: QuoteLine): string {
  const details = [line.quality ? `calidad: ${line.quality}` : "", line.used ? "usado" : ""].filter(Boolean);
  const amount = `${quantity(line.quantityMilli)} ${line.unit} x ${canonicalEuros(line.unitCents)} = ${line.kind === "descuento" ? "-" : ""}${canonicalEuros(lineBaseCents(line))}`;
  return `${LINE_KIND_LABELS[line.kind]}: ${line.description}${details.length ? ` (${details.join(", ")})` : ""}: ${amount}`;
}

const oneLine = (text: string) => text.replace(/\r\n/g, "\n").trim();

export function quoteDocumentText(doc: QuoteDocument): string {
  const out: string[] = [
    `Formato: ${DOCUMENT_TEXT_FORMAT}`,
    `Presupuesto: ${doc.number}`,
    `Versión: ${doc.version}`,
    `Fecha: ${formatYmd(doc.issuedOn)}`,
    `Válido hasta: ${formatYmd(doc.validUntil)} (${doc.validityDays} días)`,
    `Empresa instaladora: ${doc.seller.legalName}`,
    `NIF: ${doc.seller.nif}`,
    `Domicilio: ${doc.seller.address}`,
    `Teléfono: ${doc.seller.phone}`,
    `E-mail: ${doc.seller.email}`,
    `Registro de empresas instaladoras: ${doc.seller.industrialRegistry}`,
    `Cliente: ${doc.customer.name}`,
    `NIF del cliente: ${doc.customer.nif}`,
    `Domicilio del cliente: ${[doc.customer.address, doc.customer.postcode, doc.customer.town, doc.customer.province].filter(Boolean).join(", ")}`,
    `Teléfono del cliente: ${doc.customer.phone}`,
    `E-mail del cliente: ${doc.customer.email}`,
    `Lugar de la obra: ${[doc.workPlace.address, doc.workPlace.postcode, doc.workPlace.town, doc.workPlace.province].filter(Boolean).join(", ")}`,
    `Descripción: ${oneLine(doc.description)}`,
    `Inicio aproximado: ${doc.startOn ? formatYmd(doc.startOn) : "a convenir"}`,
    `Fin aproximado: ${doc.endOn ? formatYmd(doc.endOn) : "a convenir"}`,
    `Garantía: ${oneLine(doc.guarantee)}`,
    `Obra de reforma o reparación de vivienda: ${doc.dwellingRenovation ? "sí" : "no"}`,
  ];
  for (const alternative of doc.alternatives) {
    const totals = alternativeTotals(alternative, doc.dwellingRenovation);
    out.push(`Opción ${alternative.key}: ${alternative.title}`);
    for (const line of alternative.lines) out.push(`  ${lineText(line)}`);
    out.push(`  Base imponible: ${canonicalEuros(totals.baseCents)}`);
    out.push(`  Materiales: ${canonicalEuros(totals.materialsCents)}${totals.materialsShareBasis === null ? "" : ` (${percentBasis(totals.materialsShareBasis)} de la base)`}`);
    for (const tax of totals.standard.taxes) out.push(`  IVA ${tax.rate} %: ${canonicalEuros(tax.vatCents)}`);
    out.push(`  Total con IVA del 21 %: ${canonicalEuros(totals.standard.totalCents)}`);
    if (totals.reduced) {
      for (const tax of totals.reduced.taxes) out.push(`  IVA ${tax.rate} % (si se confirman las condiciones): ${canonicalEuros(tax.vatCents)}`);
      out.push(`  Total con IVA del 10 % (si se confirman las condiciones): ${canonicalEuros(totals.reduced.totalCents)}`);
    }
  }
  if (doc.alternatives.some((alternative) => alternativeTotals(alternative, doc.dwellingRenovation).reducedPossible)) {
    out.push(`Condiciones del IVA reducido que confirma el cliente: ${REDUCED_VAT_CONDITIONS.join(" ")}`);
  }
  out.push(`Señal: ${depositLabel(doc.deposit)}${doc.deposit.kind === "importe" ? `: ${canonicalEuros(doc.deposit.cents)}` : ""}`);
  out.push(`Notas: ${oneLine(doc.notes) || "ninguna"}`);
  out.push(`Firma del cliente: ${RECEIVED_STATEMENT}`);
  if (quotesUsedMaterials(doc)) out.push(`Materiales usados: ${USED_MATERIALS_STATEMENT}`);
  return `${out.join("\n")}\n`;
}

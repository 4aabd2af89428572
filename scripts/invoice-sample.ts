/**
 * npm run invoice:sample -- <out.pdf> [completa|rectificativa|canarias|larga]
 * Writes a sample invoice PDF with made-up data, for the owner and the tax advisor to look at
 * the layout. It reads no database.
 */
import { writeFileSync } from "node:fs";
import { exemptionText } from "../app/domain/invoices/invoice-amounts";
import { type InvoiceDocument } from "../app/domain/invoices/invoice-document";
import { STANDARD_VAT_RATE, vatOfBase } from "../app/domain/money";
import { aeatAmount } from "../app/domain/invoices/verifactu-hash";
import { renderInvoicePdf } from "../app/server/invoices/invoice-pdf.server";

const KINDS = ["completa", "rectificativa", "canarias", "larga"] as const;
type SampleKind = (typeof KINDS)[number];

const QR_URL =
  "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=F2026-000123&fecha=23-11-2026&importe=1829.98";

export function sampleInvoice(kind: SampleKind): InvoiceDocument {
  const seller = {
    name: "Clima Madrid Instalaciones, S.L.",
    nif: "B12345674",
    address: ["Calle de Alcalá 100, local 2", "28009 Madrid"],
  };
  const buyer = { name: "Lucía Fernández Ortega", nif: "12345678Z", address: ["Calle Mayor 5, 3º B", "28013 Madrid"] };
  const lines = [
    { description: "Aire acondicionado split 1x1 Daikin Sensira FTXF35E, 3.010 frigorías, A++", quantity: 1, unitBaseCents: 123_966, baseCents: 123_966, vatRate: 21 },
    { description: "Instalación estándar de split (hasta 3 m de línea frigorífica, soporte y desagüe)", quantity: 1, unitBaseCents: 24_793, baseCents: 24_793, vatRate: 21 },
    { description: "Envío", quantity: 1, unitBaseCents: 2_479, baseCents: 2_479, vatRate: 21 },
  ];
  const base: InvoiceDocument = {
    kind: "completa",
    number: "F2026-000123",
    issuedOn: "2026-11-23",
    operationOn: "2026-11-21",
    seller,
    buyer,
    lines,
    taxes: [{ rate: 21, baseCents: 151_238, vatCents: 31_760 }],
    baseCents: 151_238,
    vatCents: 31_760,
    totalCents: 182_998,
    exemption: null,
    rectifies: null,
    reference: { label: "Pedido", value: "CM-2026-00421" },
    payMethod: "Tarjeta",
    qrUrl: QR_URL,
  };
  if (kind === "rectificativa") {
    const negative = lines.map((l) => ({ ...l, unitBaseCents: -l.unitBaseCents, baseCents: -l.baseCents }));
    return {
      ...base,
      kind,
      number: "R2026-000004",
      issuedOn: "2026-11-30",
      operationOn: null,
      lines: negative,
      taxes: [{ rate: 21, baseCents: -151_238, vatCents: -31_760 }],
      baseCents: -151_238,
      vatCents: -31_760,
      totalCents: -182_998,
      rectifies: { number: "F2026-000123", issuedOn: "2026-11-23", reason: "Pedido cancelado por el cliente tras el pago (desistimiento)." },
      qrUrl: QR_URL.replace("F2026-000123", "R2026-000004").replace("23-11-2026", "30-11-2026").replace("1829.98", "-1829.98"),
    };
  }
  if (kind === "canarias") {
    // Goods only: installation is sold in Madrid alone. The exemption text is the one issued invoices carry.
    const goods = [lines[0]!, lines[2]!].map((l) => ({ ...l, vatRate: 0 }));
    const total = goods.reduce((sum, l) => sum + l.baseCents, 0);
    return {
      ...base,
      buyer: { ...buyer, address: ["Calle de Triana 40", "35002 Las Palmas de Gran Canaria", "Las Palmas"] },
      lines: goods,
      taxes: [{ rate: 0, baseCents: total, vatCents: 0 }],
      baseCents: total,
      vatCents: 0,
      totalCents: total,
      qrUrl: QR_URL.replace("1829.98", aeatAmount(total)),
      exemption: exemptionText("canarias"),
    };
  }
  if (kind === "larga") {
    const many = Array.from({ length: 60 }, (_, i) => ({
      description: `Artículo de prueba nº ${i + 1}${i % 7 === 0 ? ": descripción larga que ocupa más de una línea para comprobar que el texto se parte bien dentro de su columna" : ""}`,
      quantity: (i % 3) + 1,
      unitBaseCents: 1_000 + i * 137,
      baseCents: ((i % 3) + 1) * (1_000 + i * 137),
      vatRate: 21,
    }));
    const baseCents = many.reduce((s, l) => s + l.baseCents, 0);
    const vatCents = vatOfBase(baseCents, STANDARD_VAT_RATE);
    const totalCents = baseCents + vatCents;
    const qrUrl = QR_URL.replace("1829.98", aeatAmount(totalCents));
    return { ...base, lines: many, taxes: [{ rate: 21, baseCents, vatCents }], baseCents, vatCents, totalCents, qrUrl };
  }
  return base;
}

async function main() {
  const [out, kind = "completa"] = process.argv.slice(2);
  if (!out || !(KINDS as readonly string[]).includes(kind)) {
    throw new Error(`Uso: npm run invoice:sample -- <fichero.pdf> [${KINDS.join("|")}]`);
  }
  const pdf = await renderInvoicePdf(sampleInvoice(kind as SampleKind));
  writeFileSync(out, pdf);
  console.log(`Factura de muestra (${kind}) escrita en ${out} (${pdf.length} bytes).`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

import type { LineKind } from "../basket/basket-totals";
import type { Family } from "../catalogue/product";
import { isCancelled } from "./order-status";

/*
 * Equipment with fluorinated gas that is not hermetically sealed (split air conditioners,
 * bibloc heat pumps) may be sold to an end user only with the buyer's commitment that an
 * authorised company installs it (Real Decreto 115/2017, art. 9.8 and annex VI; how we read
 * it: docs/decisions/0012-fgas-declaration.md). Our own installation is that proof; a unit
 * bought without it needs the buyer's declaration.
 */

/** What the rule reads of a basket or order line. */
export type FgasLine = { kind: LineKind; family: Family | null; fgasNotSealed?: boolean };

/**
 * Which installation line goes with which product. The basket adds a product's installation
 * right after it (app/domain/basket/basket.ts linesForProduct), so an installation of the product's
 * family among the service lines that follow it is that product's. An installation left
 * without its product (the product removed, another of the family kept) still installs one
 * unit of its family: it goes to the first unit of that family that has none.
 */
export function installedProducts(lines: readonly FgasLine[]): boolean[] {
  const installed = lines.map(() => false);
  const orphans: number[] = [];
  let current = -1;
  lines.forEach((line, index) => {
    if (line.kind === "product") {
      current = index;
      return;
    }
    if (line.kind !== "installation") return;
    const owner = lines[current];
    if (owner && owner.family === line.family && !installed[current]) installed[current] = true;
    else orphans.push(index);
  });
  for (const orphan of orphans) {
    const family = lines[orphan]!.family;
    const unit = lines.findIndex((line, index) => line.kind === "product" && line.family === family && !installed[index]);
    if (unit !== -1) installed[unit] = true;
  }
  return installed;
}

/** The lines of not-sealed equipment bought without our installation: each needs the declaration. */
export function fgasLinesWithoutInstallation<T extends FgasLine>(lines: readonly T[]): T[] {
  const installed = installedProducts(lines);
  return lines.filter((line, index) => line.kind === "product" && line.fgasNotSealed === true && !installed[index]);
}

export function needsFgasDeclaration(lines: readonly FgasLine[]): boolean {
  return fgasLinesWithoutInstallation(lines).length > 0;
}

/**
 * The buyer sends the installation's proof within one year of the sale (annex VI, part B);
 * after it the shop must tell the region's authority (decision 0012).
 */
export const FGAS_CERTIFICATE_MONTHS = 12;

/** The last moment for the installer's certificate: the declaration's date plus the legal period. */
export function certificateDueAt(declaredAt: Date): Date {
  const due = new Date(declaredAt);
  due.setUTCMonth(due.getUTCMonth() + FGAS_CERTIFICATE_MONTHS);
  return due;
}

/** Waiting past the legal period: no certificate yet, and the order was not cancelled. */
export function isCertificateOverdue(
  declaration: { declaredAt: Date; certificateAt: Date | null },
  orderStatus: string,
  now: Date,
): boolean {
  return declaration.certificateAt === null && !isCancelled(orderStatus) && now.getTime() > certificateDueAt(declaration.declaredAt).getTime();
}

export type FgasStatementFacts = {
  /** The shop: its legal name and NIF. */
  seller: { name: string; nif: string };
  /** "Daikin Sensira FTXF25E", one per unit. */
  equipment: readonly string[];
  declarantName?: string;
  declarantId?: string;
  orderNumber?: string;
};

export const FGAS_TITLE = "Declaración del comprador de equipos con gases fluorados";

/**
 * The declaration in our words, following the model of annex VI of Real Decreto 115/2017:
 * who declares, for what, and the three things declared. Shown on the order screen, printed in
 * the PDF and on the order page, always the same text.
 */
export function fgasStatement(facts: FgasStatementFacts): string[] {
  const who = facts.declarantName ? `${facts.declarantName}${facts.declarantId ? `, con NIF/NIE ${facts.declarantId},` : ""}` : "El comprador";
  const what = facts.equipment.length === 1 ? `del equipo ${facts.equipment[0]}` : `de los equipos ${facts.equipment.join(", ")}`;
  const order = facts.orderNumber ? ` (pedido ${facts.orderNumber})` : "";
  return [
    `${who} declara, como comprador ${what}${order} a ${facts.seller.name} (NIF ${facts.seller.nif}), que:`,
    "1. Ha sido informado de que el equipo contiene gases fluorados de efecto invernadero y no está sellado herméticamente, por lo que solo puede instalarlo una empresa habilitada, con personal certificado para manipular estos gases (Real Decreto 115/2017, artículo 9.8).",
    "2. Se compromete a que la instalación la haga una empresa habilitada y a enviar al vendedor, en el plazo máximo de un año desde la compra, el documento que acredita la instalación, firmado por él y por la empresa instaladora (anexo VI, parte B), o el certificado de instalación de esa empresa.",
    "3. Sabe que, si no lo envía en ese plazo, el vendedor debe comunicarlo a la comunidad autónoma, y que el incumplimiento puede sancionarse conforme a la Ley 34/2007, de calidad del aire y protección de la atmósfera.",
  ];
}

import { and, asc, count, eq, isNull, lt } from "drizzle-orm";
import { formatDate, formatDateTime } from "~/domain/dates/madrid-dates";
import { addressLines, personName } from "~/domain/orders/my-orders";
import { certificateDueAt, FGAS_CERTIFICATE_MONTHS, fgasLinesWithoutInstallation, fgasStatement, type FgasLine, isCertificateOverdue } from "~/domain/orders/fgas";
import type { CertificateType } from "~/domain/orders/fgas-certificate";
import type { InstallerDetails } from "~/domain/orders/fgas-fields";
import type { OrderStatus } from "~/domain/orders/order-status";
import { isFamily } from "~/domain/catalogue/product";
import { serviceFamily } from "~/domain/basket/basket";
import { config } from "../config.server";
import type { Database } from "../db/client.server";
import { products } from "../catalogue/catalogue-schema.server";
import { fgasDeclarations, orderLines, orders } from "./orders-schema.server";
import { fgasPdfName, renderFgasDeclarationPdf, type FgasDocument } from "./fgas-pdf.server";
import { notCancelled } from "./order-status-sql.server";

/*
 * The F-gas declarations of orders (issue 15, decision 0012): read for the customer's order
 * page, the back office and the PDF; the installing company completed later; the installer's
 * certificate stored in the row (a few hundred kilobytes at most: 5 MB is the limit) and read
 * back only to be downloaded.
 */

type Executor = Pick<Database, "select">;

/** The declaration's row without the certificate's bytes. */
const summaryColumns = {
  orderId: fgasDeclarations.orderId,
  declarantName: fgasDeclarations.declarantName,
  declarantId: fgasDeclarations.declarantId,
  declaredAt: fgasDeclarations.declaredAt,
  installerName: fgasDeclarations.installerName,
  installerId: fgasDeclarations.installerId,
  installerRegistration: fgasDeclarations.installerRegistration,
  certificateName: fgasDeclarations.certificateName,
  certificateType: fgasDeclarations.certificateType,
  certificateAt: fgasDeclarations.certificateAt,
};

/**
 * The equipment the declaration covers: the order's units of not-sealed equipment bought
 * without installation, by the same rule as the checkout (the products' flag as it is now).
 */
export async function declaredEquipment(db: Executor, orderId: number): Promise<string[]> {
  const rows = await db
    .select({ line: orderLines, fgasNotSealed: products.fgasNotSealed })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const lines = rows.map(({ line, fgasNotSealed }): FgasLine & { name: string } => {
    const familia = line.family;
    const service = familia === "instalaciones" || familia === "mantenimientos";
    return {
      kind: familia === "instalaciones" ? "installation" : service ? "maintenance" : "product",
      family: service ? (serviceFamily({ familia, id: line.productId ?? 0, cantidad: 1 }) ?? null) : isFamily(familia) ? familia : null,
      fgasNotSealed: !service && fgasNotSealed === true,
      name: `${line.brand} ${line.model}`.trim(),
    };
  });
  return fgasLinesWithoutInstallation(lines).map((line) => line.name);
}

export type FgasView = {
  declarantName: string;
  declarantId: string;
  declaredAt: string;
  /** The last day for the installer's certificate (one year after the declaration). */
  dueOn: string;
  statement: string[];
  equipment: string[];
  installer: InstallerDetails;
  certificate: { name: string; type: string; at: string } | null;
  overdue: boolean;
};

/** The declaration of an order as its pages show it, or null when the order has none. */
export async function loadFgasView(db: Executor, order: { id: number; number: string; status: string }, now = new Date()): Promise<FgasView | null> {
  const [row] = await db.select(summaryColumns).from(fgasDeclarations).where(eq(fgasDeclarations.orderId, order.id)).limit(1);
  if (!row) return null;
  const equipment = await declaredEquipment(db, order.id);
  const c = config();
  const due = certificateDueAt(row.declaredAt);
  return {
    declarantName: row.declarantName,
    declarantId: row.declarantId,
    declaredAt: formatDateTime(row.declaredAt),
    dueOn: formatDate(due),
    statement: fgasStatement({
      seller: { name: c.SHOP_LEGAL_NAME, nif: c.SHOP_NIF },
      equipment,
      declarantName: row.declarantName,
      declarantId: row.declarantId,
      orderNumber: order.number,
    }),
    equipment,
    installer: { installerName: row.installerName, installerId: row.installerId, installerRegistration: row.installerRegistration },
    certificate:
      row.certificateAt && row.certificateName && row.certificateType
        ? { name: row.certificateName, type: row.certificateType, at: formatDateTime(row.certificateAt) }
        : null,
    overdue: isCertificateOverdue(row, order.status, now),
  };
}

export async function fgasDocument(db: Executor, orderId: number): Promise<FgasDocument | null> {
  const [found] = await db
    .select({ order: { number: orders.number, createdAt: orders.createdAt, status: orders.status, addressSend: orders.addressSend } })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!found) return null;
  const view = await loadFgasView(db, { id: orderId, number: found.order.number, status: found.order.status });
  if (!view) return null;
  const c = config();
  return {
    orderNumber: found.order.number,
    orderDate: formatDate(found.order.createdAt),
    declaredAt: view.declaredAt,
    dueOn: view.dueOn,
    seller: { name: c.SHOP_LEGAL_NAME, nif: c.SHOP_NIF, address: c.SHOP_ADDRESS },
    statement: view.statement,
    declarant: { name: view.declarantName, id: view.declarantId },
    installationAddress: addressLines(found.order.addressSend),
    installer: view.installer,
  };
}

/** The installing company, given or corrected later from the order page. */
export async function saveInstaller(db: Pick<Database, "update">, orderId: number, details: InstallerDetails): Promise<boolean> {
  const updated = await db.update(fgasDeclarations).set(details).where(eq(fgasDeclarations.orderId, orderId)).returning({ id: fgasDeclarations.orderId });
  return updated.length > 0;
}

/** The installer's certificate (checked by its first bytes before); a new one replaces the old. */
export async function saveCertificate(
  db: Pick<Database, "update">,
  orderId: number,
  file: { bytes: Uint8Array; name: string; type: CertificateType },
  now = new Date(),
): Promise<boolean> {
  const updated = await db
    .update(fgasDeclarations)
    .set({ certificate: Buffer.from(file.bytes), certificateName: file.name, certificateType: file.type, certificateAt: now })
    .where(eq(fgasDeclarations.orderId, orderId))
    .returning({ id: fgasDeclarations.orderId });
  return updated.length > 0;
}

export async function readCertificate(db: Executor, orderId: number) {
  const [row] = await db
    .select({ bytes: fgasDeclarations.certificate, name: fgasDeclarations.certificateName, type: fgasDeclarations.certificateType })
    .from(fgasDeclarations)
    .where(eq(fgasDeclarations.orderId, orderId))
    .limit(1);
  return row?.bytes && row.name && row.type ? { bytes: row.bytes, name: row.name, type: row.type } : null;
}

export type OverdueDeclaration = {
  number: string;
  customer: string;
  email: string;
  status: OrderStatus;
  declaredAt: string;
  dueOn: string;
  installerName: string;
};

/**
 * Orders whose installer's certificate has not come within the legal period (one year), oldest
 * first; cancelled orders are no sale. What the shop then tells the region's authority.
 */
function overdue(now: Date) {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - FGAS_CERTIFICATE_MONTHS);
  return and(isNull(fgasDeclarations.certificateAt), lt(fgasDeclarations.declaredAt, limit), notCancelled);
}

/** How many there are (Hoy's count, issue 30): the same orders the list shows. */
export async function countOverdueDeclarations(db: Executor, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fgasDeclarations).innerJoin(orders, eq(orders.id, fgasDeclarations.orderId)).where(overdue(now));
  return Number(row?.n ?? 0);
}

export async function listOverdueDeclarations(db: Executor, now = new Date()): Promise<OverdueDeclaration[]> {
  const rows = await db
    .select({
      number: orders.number,
      addressBill: orders.addressBill,
      email: orders.userEmail,
      status: orders.status,
      declaredAt: fgasDeclarations.declaredAt,
      installerName: fgasDeclarations.installerName,
    })
    .from(fgasDeclarations)
    .innerJoin(orders, eq(orders.id, fgasDeclarations.orderId))
    .where(overdue(now))
    .orderBy(asc(fgasDeclarations.declaredAt), asc(orders.id));
  return rows.map((row) => ({
    number: row.number,
    customer: [row.addressBill.empresa, personName(row.addressBill)].filter(Boolean).join(" · "),
    email: row.email,
    status: row.status,
    declaredAt: formatDate(row.declaredAt),
    dueOn: formatDate(certificateDueAt(row.declaredAt)),
    installerName: row.installerName,
  }));
}

/** The documents of a declaration that can be downloaded: its PDF and the installer's certificate. */
export const FGAS_DOCUMENTS = ["declaracion", "certificado"] as const;
export type FgasDocumentName = (typeof FGAS_DOCUMENTS)[number];

export function isFgasDocument(value: string): value is FgasDocumentName {
  return (FGAS_DOCUMENTS as readonly string[]).includes(value);
}

/**
 * The file of `document` for order `orderId`, or null. The certificate goes back as the type
 * its first bytes proved, as a download (never shown in our pages' origin as something else).
 */
export async function fgasFileResponse(db: Executor, order: { id: number; number: string }, document: FgasDocumentName): Promise<Response | null> {
  if (document === "declaracion") {
    const doc = await fgasDocument(db, order.id);
    if (!doc) return null;
    const pdf = await renderFgasDeclarationPdf(doc);
    return fileResponse(new Uint8Array(pdf), "application/pdf", fgasPdfName(order.number), "inline");
  }
  const certificate = await readCertificate(db, order.id);
  if (!certificate) return null;
  return fileResponse(new Uint8Array(certificate.bytes), certificate.type, certificate.name, "attachment");
}

function fileResponse(bytes: Uint8Array<ArrayBuffer>, type: string, name: string, disposition: "inline" | "attachment"): Response {
  return new Response(bytes, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `${disposition}; filename="${name}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The declaration of the order numbered `number` (the back office's order page), or null. */
export async function loadFgasViewByNumber(db: Executor, number: string, now = new Date()): Promise<FgasView | null> {
  const [order] = await db.select({ id: orders.id, number: orders.number, status: orders.status }).from(orders).where(eq(orders.number, number)).limit(1);
  return order ? loadFgasView(db, order, now) : null;
}

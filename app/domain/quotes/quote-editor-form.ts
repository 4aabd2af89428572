import { z } from "zod";
import { isYmd } from "../dates/madrid-dates";
import { fieldErrors, firstStep } from "../fields/field-errors";
import { phoneCheck } from "../fields/phone";
import { postcodeCheck } from "../fields/postcode";
import { parseEuros } from "../money";
import { ALTERNATIVE_KEYS, QUOTE_LINE_KINDS, type AlternativeKey, type DepositRule, type QuoteAlternative, type QuoteDraft, type QuoteLine, type QuoteParty, type WorkPlace } from "./quote-content";
import { DEFAULT_VALIDITY_DAYS } from "./quote-expiry";
import { LINE_FIELD, type EditorValue } from "./quote-editor-fields";
import { parseQuantity } from "./quote-format";

/*
 * The back office's quote editor (issue 17): one <form> that works without JavaScript. Field
 * names: the customer ("customerName", ...), the work place ("place..."), the terms, and per
 * alternative "alt-A-title" and its lines "A-0-kind", "A-0-description", "A-0-quality",
 * "A-0-quantity" (Spanish decimals: "1,5"), "A-0-unit", "A-0-price" (euros without VAT),
 * "A-0-used", "A-0-productId", "A-0-remove". Empty rows are ignored, so the form can offer a
 * few blank ones. Every error message is Spanish and names the field.
 */

export const MAX_LINES_PER_ALTERNATIVE = 40;
export const TEXT_MAX = 300;
export const LONG_TEXT_MAX = 4000;

export type { EditorValue } from "./quote-editor-fields";
export type EditorErrors = Record<string, string>;
export type EditorResult = { ok: true; value: EditorValue } | { ok: false; errors: EditorErrors };

const text = (max = TEXT_MAX) =>
  z
    .string()
    .default("")
    .transform((value) => value.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(max, { error: `Como máximo ${max} caracteres.` }));

const headerSchema = z.object({
  customerName: text(),
  customerNif: text(20),
  customerEmail: text(200).pipe(z.union([z.literal(""), z.email({ error: "Escriba un e-mail válido." })])),
  customerPhone: text(30).check(phoneCheck({ optional: true })),
  customerAddress: text(),
  customerPostcode: text(5).check(postcodeCheck({ optional: true })),
  customerTown: text(100),
  customerProvince: text(100),
  placeSame: z.string().optional(),
  placeAddress: text(),
  placePostcode: text(5).check(postcodeCheck({ optional: true })),
  placeTown: text(100),
  placeProvince: text(100),
  description: text(LONG_TEXT_MAX),
  guarantee: text(),
  notes: text(LONG_TEXT_MAX),
  startOn: text(10).pipe(z.string().refine((v) => v === "" || isYmd(v), { error: "Elija una fecha válida." })),
  endOn: text(10).pipe(z.string().refine((v) => v === "" || isYmd(v), { error: "Elija una fecha válida." })),
  validityDays: text(4).transform((value, ctx) => {
    const days = value === "" ? DEFAULT_VALIDITY_DAYS : Number(value);
    if (!Number.isInteger(days) || days < 1 || days > 365) {
      ctx.addIssue({ code: "custom", message: "Escriba un número entero de días, de 1 a 365." });
      return z.NEVER;
    }
    return days;
  }),
  depositKind: z.enum(["ninguno", "porcentaje", "importe"], { error: "Elija el tipo de señal." }).default("ninguno"),
  depositPercent: text(6),
  depositAmount: text(20),
  dwellingRenovation: z.string().optional(),
});

const lineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS, { error: "Elija el tipo de línea." }),
  description: text().pipe(z.string().min(1, { error: "Escriba la descripción." })),
  quality: text(150),
  quantity: text(20),
  unit: text(10),
  price: text(20),
  used: z.string().optional(),
  productId: text(12),
});

function firstIssue(error: z.ZodError, prefix = ""): EditorErrors {
  return fieldErrors(error, { key: (path) => `${prefix}${firstStep(path)}` });
}


/** The rows typed for each alternative, by index, as strings. */
function rowsOf(fields: Record<string, string>): Map<AlternativeKey, Map<number, Record<string, string>>> {
  const rows = new Map<AlternativeKey, Map<number, Record<string, string>>>();
  for (const [name, value] of Object.entries(fields)) {
    const match = LINE_FIELD.exec(name);
    if (!match) continue;
    const key = match[1] as AlternativeKey;
    const index = Number(match[2]);
    const byIndex = rows.get(key) ?? new Map<number, Record<string, string>>();
    const row = byIndex.get(index) ?? {};
    row[match[3]!] = value;
    byIndex.set(index, row);
    rows.set(key, byIndex);
  }
  return rows;
}

/** A row nobody typed in (the blank rows the form offers). */
function isBlank(row: Record<string, string>): boolean {
  return !row.description?.trim() && !row.price?.trim() && !row.productId?.trim() && !row.quality?.trim();
}

function parseLine(row: Record<string, string>, prefix: string, errors: EditorErrors): QuoteLine | null {
  const parsed = lineSchema.safeParse(row);
  if (!parsed.success) {
    Object.assign(errors, firstIssue(parsed.error, prefix));
    return null;
  }
  const line = parsed.data;
  const quantityMilli = parseQuantity(line.quantity || "1");
  const unitCents = parseEuros(line.price);
  let ok = true;
  if (quantityMilli === null || quantityMilli <= 0 || quantityMilli > 100_000_000) {
    errors[`${prefix}quantity`] = "Escriba una cantidad mayor que cero, con hasta 3 decimales (1,5).";
    ok = false;
  }
  if (unitCents === null || unitCents > 100_000_000) {
    errors[`${prefix}price`] = "Escriba un precio en euros sin IVA (1234,56).";
    ok = false;
  }
  const productId = line.productId ? Number(line.productId) : null;
  if (productId !== null && (!Number.isSafeInteger(productId) || productId <= 0)) {
    errors[`${prefix}productId`] = "El producto del catálogo no es válido.";
    ok = false;
  }
  if (!ok) return null;
  const defaultUnit = line.kind === "mano_de_obra" ? "h" : "ud";
  return {
    kind: line.kind,
    productId: line.kind === "producto" ? productId : null,
    description: line.description,
    quality: line.quality,
    quantityMilli: quantityMilli!,
    unit: line.unit || defaultUnit,
    unitCents: unitCents!,
    used: line.kind !== "descuento" && line.used !== undefined,
  };
}

function depositRule(kind: "ninguno" | "porcentaje" | "importe", percent: string, amount: string, errors: EditorErrors): DepositRule {
  if (kind === "porcentaje") {
    const value = Number(percent.replace(",", "."));
    if (!Number.isInteger(value) || value < 1 || value > 100) {
      errors.depositPercent = "Escriba un porcentaje entero de 1 a 100.";
      return { kind: "ninguno" };
    }
    return { kind, percent: value };
  }
  if (kind === "importe") {
    const cents = parseEuros(amount);
    if (cents === null || cents <= 0) {
      errors.depositAmount = "Escriba el importe de la señal en euros (300,00).";
      return { kind: "ninguno" };
    }
    return { kind, cents };
  }
  return { kind: "ninguno" };
}

/** Reads the editor's form; the draft keeps what was typed even when it cannot be sent yet. */
export function parseEditorForm(fields: Record<string, string>): EditorResult {
  const errors: EditorErrors = {};
  const header = headerSchema.safeParse(fields);
  if (!header.success) return { ok: false, errors: firstIssue(header.error) };
  const h = header.data;
  const rows = rowsOf(fields);
  const alternatives: QuoteAlternative[] = [];
  for (const key of ALTERNATIVE_KEYS) {
    const lines: QuoteLine[] = [];
    const byIndex = [...(rows.get(key) ?? new Map()).entries()].sort(([a], [b]) => a - b);
    for (const [index, row] of byIndex) {
      if (row.remove !== undefined || isBlank(row)) continue;
      const line = parseLine(row, `${key}-${index}-`, errors);
      if (line) lines.push(line);
    }
    if (lines.length > MAX_LINES_PER_ALTERNATIVE) errors[`alt-${key}-title`] = `Como máximo ${MAX_LINES_PER_ALTERNATIVE} líneas por opción.`;
    const title = (fields[`alt-${key}-title`] ?? "").trim().slice(0, TEXT_MAX);
    if (lines.length > 0 || title) alternatives.push({ key, title, lines });
  }
  const deposit = depositRule(h.depositKind, h.depositPercent, h.depositAmount, errors);
  if (h.startOn && h.endOn && h.endOn < h.startOn) errors.endOn = "El fin no puede ser anterior al inicio.";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const customer: QuoteParty = {
    name: h.customerName,
    nif: h.customerNif.toUpperCase(),
    email: h.customerEmail.toLowerCase(),
    phone: h.customerPhone,
    address: h.customerAddress,
    postcode: h.customerPostcode,
    town: h.customerTown,
    province: h.customerProvince,
  };
  const same = h.placeSame !== undefined;
  const workPlace: WorkPlace = same
    ? { address: customer.address, postcode: customer.postcode, town: customer.town, province: customer.province }
    : { address: h.placeAddress, postcode: h.placePostcode, town: h.placeTown, province: h.placeProvince };
  return {
    ok: true,
    value: {
      customer,
      workPlace,
      draft: {
        description: h.description,
        alternatives,
        startOn: h.startOn || null,
        endOn: h.endOn || null,
        guarantee: h.guarantee,
        validityDays: h.validityDays,
        deposit,
        dwellingRenovation: h.dwellingRenovation !== undefined,
        notes: h.notes,
      },
    },
  };
}

/** What a draft still lacks before it can be sent; empty when it can go. */
export function sendProblems(value: EditorValue): EditorErrors {
  const errors: EditorErrors = {};
  const { customer, workPlace, draft } = value;
  if (!customer.name) errors.customerName = "Escriba el nombre del cliente.";
  if (!customer.email) errors.customerEmail = "Escriba el e-mail del cliente: el presupuesto se le envía por correo.";
  if (!customer.address) errors.customerAddress = "Escriba el domicilio del cliente.";
  if (!workPlace.address) errors.placeAddress = "Escriba el lugar de la obra.";
  if (!draft.description) errors.description = "Describa el trabajo: qué se hace, con qué características y qué resultado.";
  if (!draft.guarantee) errors.guarantee = "Escriba el plazo de garantía.";
  if (draft.alternatives.length === 0 || draft.alternatives.every((alternative) => alternative.lines.length === 0)) {
    errors["alt-A-title"] = "Añada al menos una línea a una opción.";
  }
  for (const alternative of draft.alternatives) {
    if (alternative.lines.length === 0) errors[`alt-${alternative.key}-title`] = `La opción ${alternative.key} no tiene líneas: añada alguna o borre su título.`;
  }
  return errors;
}

/** An empty draft: 30 days of validity, no deposit, one alternative to fill in. */
export function emptyDraft(): QuoteDraft {
  return {
    description: "",
    alternatives: [{ key: "A", title: "", lines: [] }],
    startOn: null,
    endOn: null,
    guarantee: "Mano de obra: 6 meses. Piezas y equipos: 2 años (garantía legal de los bienes, 3 años para consumidores en equipos nuevos).",
    validityDays: DEFAULT_VALIDITY_DAYS,
    deposit: { kind: "ninguno" },
    dwellingRenovation: false,
    notes: "",
  };
}


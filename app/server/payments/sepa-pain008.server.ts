/*
 * The SEPA direct debit file of a batch of plan renewals (issue 31): an ISO 20022
 * pain.008.001.02 document (CustomerDirectDebitInitiationV02), CORE scheme, the version the
 * EPC's implementation guidelines and Spanish banks' "Cuaderno 19.14 XML" describe. One
 * PmtInf block per sequence type and collection day, one DrctDbtTxInf per debit.
 *
 * Our own small writer, not the npm package sepa (3.0.0): that one writes dates in the
 * process's time zone (a collection day moved back a day in a time zone west of UTC), derives
 * block and instruction ids by appending to the message id (past 35 characters for a long
 * one, which the schema refuses), does not hold names to the SEPA character set (its check
 * matches any string with one allowed character) and takes amounts as floating euros.
 *
 * Everything is checked before a byte is written: a bad IBAN, a zero amount or a long
 * reference refuses the whole file with every problem listed (SepaBatchError), in Spanish for
 * the back office. Names and remittance text are written in the SEPA set (sepa-text.ts) and
 * cut to the guidelines' 70 and 140 characters. Same input, same bytes: ids and the creation
 * time are given, and the time is written on Madrid's clock whatever the server's zone.
 */
import { formatYmd, isYmd, madridClock } from "~/domain/dates/madrid-dates";
import { dotDecimalEuros } from "~/domain/money";
import { checkIban, ibanNeedsBic, isValidBic, normalizeBic, normalizeIban } from "~/domain/payments/iban";
import { lastSubmissionDay } from "~/domain/payments/sepa-calendar";
import { checkSpanishCreditorId, normalizeCreditorId } from "~/domain/payments/sepa-creditor-id";
import { mandateReferenceError, SEQUENCE_TYPES, type SequenceType } from "~/domain/payments/sepa-mandate";
import { isSepaIdentifier, toSepaText } from "~/domain/payments/sepa-text";

export type DirectDebitCreditor = {
  name: string;
  iban: string;
  /** The shop's bank's BIC; without it the file says NOTPROVIDED, as the IBAN is enough. */
  bic?: string | null;
  /** AT-02, e.g. "ES11000B12345674" (sepa-creditor-id.ts). */
  creditorId: string;
};

export type DirectDebit = {
  /** Our reference of this debit, unique in the file; the bank quotes it on a return. */
  endToEndId: string;
  amountCents: number;
  mandateReference: string;
  mandateSignedOn: string;
  sequenceType: SequenceType;
  collectionOn: string;
  debtorName: string;
  debtorIban: string;
  /** Needed only for accounts in SEPA countries outside the EEA (iban.ts, ibanNeedsBic). */
  debtorBic?: string | null;
  /** What the customer reads on their statement. */
  remittanceInformation: string;
};

export type DirectDebitBatch = {
  /** Unique per file for the bank; up to 30 characters, so that each block's id (it plus "-" and a number) fits in 35. */
  messageId: string;
  createdAt: Date;
  creditor: DirectDebitCreditor;
  debits: readonly DirectDebit[];
};

export class SepaBatchError extends Error {
  constructor(readonly problems: string[]) {
    super(`No se puede generar el fichero de adeudos:\n- ${problems.join("\n- ")}`);
    this.name = "SepaBatchError";
  }
}

export const PAIN_008_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.008.001.02";
const MESSAGE_ID_MAX_LENGTH = 30;
/** EPC: 0.01 to 999,999,999.99 euros. */
const MAX_AMOUNT_CENTS = 99_999_999_999;
const NAME_MAX_LENGTH = 70;
const REMITTANCE_MAX_LENGTH = 140;

function bankProblems(who: string, iban: string, bic: string | null | undefined, needsBic: boolean): string[] {
  const problems: string[] = [];
  const ibanCheck = checkIban(iban);
  if (!ibanCheck.ok) problems.push(`IBAN del ${who}: ${ibanCheck.message}`);
  if (bic && !isValidBic(bic)) problems.push(`el BIC del ${who} (${bic}) no es válido.`);
  if (!bic && needsBic && ibanCheck.ok) problems.push(`una cuenta de ${ibanCheck.iban.slice(0, 2)} necesita el BIC de su banco.`);
  return problems;
}

function debitProblems(debit: DirectDebit, createdOn: string): string[] {
  const problems: string[] = [];
  if (!isSepaIdentifier(debit.endToEndId)) problems.push("la referencia del adeudo debe tener de 1 a 35 caracteres SEPA, sin espacios.");
  if (!Number.isSafeInteger(debit.amountCents) || debit.amountCents < 1 || debit.amountCents > MAX_AMOUNT_CENTS) {
    problems.push(`el importe (${debit.amountCents} céntimos) debe ser de 0,01 € a 999.999.999,99 €, en céntimos enteros.`);
  }
  const mandateError = mandateReferenceError(debit.mandateReference);
  if (mandateError) problems.push(mandateError);
  if (!(SEQUENCE_TYPES as readonly string[]).includes(debit.sequenceType)) problems.push(`el tipo de adeudo ${JSON.stringify(debit.sequenceType)} no existe.`);
  if (!isYmd(debit.collectionOn)) {
    problems.push(`la fecha de cobro ${JSON.stringify(debit.collectionOn)} no es una fecha.`);
  } else if (lastSubmissionDay(debit.collectionOn) < createdOn) {
    problems.push(`el cobro del ${formatYmd(debit.collectionOn)} ya no llega: el fichero tenía que enviarse el ${formatYmd(lastSubmissionDay(debit.collectionOn))} como tarde.`);
  }
  if (!isYmd(debit.mandateSignedOn)) problems.push(`la fecha de firma del mandato ${JSON.stringify(debit.mandateSignedOn)} no es una fecha.`);
  else if (debit.mandateSignedOn > createdOn) problems.push(`el mandato se firma el ${formatYmd(debit.mandateSignedOn)}, después de este fichero.`);
  if (toSepaText(debit.debtorName) === "") problems.push("falta el nombre del deudor.");
  problems.push(...bankProblems("deudor", debit.debtorIban, debit.debtorBic, ibanNeedsBic(debit.debtorIban)));
  return problems;
}

function batchProblems(batch: DirectDebitBatch): string[] {
  const problems: string[] = [];
  if (!isSepaIdentifier(batch.messageId, MESSAGE_ID_MAX_LENGTH)) problems.push(`El identificador del fichero debe tener de 1 a ${MESSAGE_ID_MAX_LENGTH} caracteres SEPA, sin espacios.`);
  if (Number.isNaN(batch.createdAt.getTime())) return [...problems, "Falta la hora de creación del fichero."];
  const { creditor } = batch;
  if (toSepaText(creditor.name) === "") problems.push("Falta el nombre del acreedor.");
  problems.push(...bankProblems("acreedor", creditor.iban, creditor.bic, false).map((problem) => problem[0]!.toUpperCase() + problem.slice(1)));
  const creditorId = checkSpanishCreditorId(creditor.creditorId);
  if (!creditorId.ok) problems.push(creditorId.message);
  if (batch.debits.length === 0) problems.push("No hay adeudos que enviar.");
  const createdOn = madridClock(batch.createdAt).day;
  const seen = new Set<string>();
  batch.debits.forEach((debit, i) => {
    const own = debitProblems(debit, createdOn);
    if (seen.has(debit.endToEndId)) own.push("la referencia del adeudo está repetida en el fichero.");
    seen.add(debit.endToEndId);
    problems.push(...own.map((problem) => `Adeudo ${i + 1} (${debit.endToEndId}): ${problem}`));
  });
  return problems;
}

// ---- Writing ----

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** One element as indented lines: its text, or its children's lines. */
function el(name: string, content: string | string[], attributes = ""): string[] {
  if (typeof content === "string") return [`<${name}${attributes}>${escapeXml(content)}</${name}>`];
  return [`<${name}${attributes}>`, ...content.map((line) => `  ${line}`), `</${name}>`];
}

function agent(name: string, bic: string | null | undefined): string[] {
  const id = bic ? el("BIC", normalizeBic(bic)) : el("Othr", el("Id", "NOTPROVIDED"));
  return el(name, el("FinInstnId", id));
}

/** "2026-11-03T10:15:00": Madrid's wall clock, to the second, without a zone (ISODateTime). */
function creationTime(instant: Date): string {
  const { day, time } = madridClock(instant);
  return `${day}T${time}:${String(instant.getUTCSeconds()).padStart(2, "0")}`;
}

function sum(debits: readonly DirectDebit[]): string {
  return dotDecimalEuros(debits.reduce((total, debit) => total + debit.amountCents, 0));
}

function transaction(debit: DirectDebit): string[] {
  const remittance = toSepaText(debit.remittanceInformation, REMITTANCE_MAX_LENGTH);
  return el("DrctDbtTxInf", [
    ...el("PmtId", el("EndToEndId", debit.endToEndId)),
    ...el("InstdAmt", dotDecimalEuros(debit.amountCents), ' Ccy="EUR"'),
    ...el("DrctDbtTx", el("MndtRltdInf", [...el("MndtId", debit.mandateReference), ...el("DtOfSgntr", debit.mandateSignedOn), ...el("AmdmntInd", "false")])),
    ...agent("DbtrAgt", debit.debtorBic),
    ...el("Dbtr", el("Nm", toSepaText(debit.debtorName, NAME_MAX_LENGTH))),
    ...el("DbtrAcct", el("Id", el("IBAN", normalizeIban(debit.debtorIban)))),
    ...(remittance ? el("RmtInf", el("Ustrd", remittance)) : []),
  ]);
}

type Block = { sequenceType: SequenceType; collectionOn: string; debits: DirectDebit[] };

/** The debits by collection day, then in SEQUENCE_TYPES' order; each block keeps the input's order. */
function blocks(debits: readonly DirectDebit[]): Block[] {
  const byKey = new Map<string, Block>();
  for (const debit of debits) {
    const key = `${debit.collectionOn} ${SEQUENCE_TYPES.indexOf(debit.sequenceType)}`;
    const block = byKey.get(key) ?? { sequenceType: debit.sequenceType, collectionOn: debit.collectionOn, debits: [] };
    block.debits.push(debit);
    byKey.set(key, block);
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, block]) => block);
}

function paymentInformation(batch: DirectDebitBatch, creditorId: string, block: Block, n: number): string[] {
  const { creditor } = batch;
  return el("PmtInf", [
    ...el("PmtInfId", `${batch.messageId}-${n}`),
    ...el("PmtMtd", "DD"),
    ...el("NbOfTxs", String(block.debits.length)),
    ...el("CtrlSum", sum(block.debits)),
    ...el("PmtTpInf", [...el("SvcLvl", el("Cd", "SEPA")), ...el("LclInstrm", el("Cd", "CORE")), ...el("SeqTp", block.sequenceType)]),
    ...el("ReqdColltnDt", block.collectionOn),
    ...el("Cdtr", el("Nm", toSepaText(creditor.name, NAME_MAX_LENGTH))),
    ...el("CdtrAcct", el("Id", el("IBAN", normalizeIban(creditor.iban)))),
    ...agent("CdtrAgt", creditor.bic),
    ...el("ChrgBr", "SLEV"),
    ...el("CdtrSchmeId", el("Id", el("PrvtId", el("Othr", [...el("Id", creditorId), ...el("SchmeNm", el("Prtry", "SEPA"))])))),
    ...block.debits.flatMap(transaction),
  ]);
}

/** The pain.008.001.02 file of a batch, or SepaBatchError with every problem found. */
export function buildPain008(batch: DirectDebitBatch): string {
  const problems = batchProblems(batch);
  if (problems.length > 0) throw new SepaBatchError(problems);
  const creditorId = normalizeCreditorId(batch.creditor.creditorId);
  const document = el(
    "Document",
    el("CstmrDrctDbtInitn", [
      ...el("GrpHdr", [
        ...el("MsgId", batch.messageId),
        ...el("CreDtTm", creationTime(batch.createdAt)),
        ...el("NbOfTxs", String(batch.debits.length)),
        ...el("CtrlSum", sum(batch.debits)),
        // The initiating party is the shop, named by its creditor identifier too: Spanish
        // banks' guide (Cuaderno 19.14 XML) asks for the presenter's identifier here.
        ...el("InitgPty", [...el("Nm", toSepaText(batch.creditor.name, NAME_MAX_LENGTH)), ...el("Id", el("OrgId", el("Othr", el("Id", creditorId))))]),
      ]),
      ...blocks(batch.debits).flatMap((block, i) => paymentInformation(batch, creditorId, block, i + 1)),
    ]),
    ` xmlns="${PAIN_008_NAMESPACE}"`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', ...document, ""].join("\n");
}

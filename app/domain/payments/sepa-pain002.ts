/*
 * The bank's answer to a direct debit file (issue 31): a pain.002.001.03 status report
 * (CustomerPaymentStatusReportV03), read for what was rejected: the whole file (GrpSts RJCT),
 * a block (PmtInfSts RJCT) or single debits (TxSts RJCT), each with its reason code
 * (sepa-returns.ts says what it means). Accepted debits are not listed; whoever sent the file
 * knows what was in it. Its own module, apart from sepa-returns.ts, so that pages reading the
 * codes do not carry the XML parser.
 */
import { XMLParser } from "fast-xml-parser";

export type RejectedDebit = {
  paymentInfoId: string;
  endToEndId: string;
  /** The first reason's code ("AM04"), or null when the bank gave none. */
  reasonCode: string | null;
  /** The debit's amount as the report repeats it (OrgnlTxRef), when it does. */
  amountCents: number | null;
};

export type StatusReport = {
  /** The MsgId of our file. */
  originalMessageId: string;
  /** ACCP, ACTC, PART, RJCT (every debit of the file refused)..., or null when the report gives only block or debit statuses. */
  groupStatus: string | null;
  groupReasonCode: string | null;
  /** Blocks refused whole: every debit in them, listed or not below. */
  rejectedBlocks: { paymentInfoId: string; reasonCode: string | null }[];
  rejectedDebits: RejectedDebit[];
};

const REPEATED = new Set(["OrgnlPmtInfAndSts", "TxInfAndSts", "StsRsnInf"]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

function node(value: unknown): Node {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Node) : {};
}

function nodes(value: unknown): Node[] {
  return Array.isArray(value) ? value.map(node) : [];
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** The first StsRsnInf's code (Rsn/Cd), or its proprietary one (Rsn/Prtry). */
function reasonCode(parent: Node): string | null {
  const reason = node(nodes(parent.StsRsnInf)[0]?.Rsn);
  return text(reason.Cd) ?? text(reason.Prtry);
}

/** "149.00" -> 14900; null for anything that is not euros with at most two decimals. */
function cents(value: unknown): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text(value) ?? "");
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0")) : null;
}

/** The rejections of a pain.002.001.03 report; throws (Spanish message) if it is not one. */
export function readStatusReport(xml: string): StatusReport {
  const report = node(node(parser.parse(xml)).Document).CstmrPmtStsRpt;
  if (!report) throw new Error("El fichero no es un informe de estado pain.002 (falta CstmrPmtStsRpt).");
  const group = node(node(report).OrgnlGrpInfAndSts);
  const originalMessageId = text(group.OrgnlMsgId);
  if (!originalMessageId) throw new Error("El informe de estado no dice a qué fichero responde (falta OrgnlMsgId).");
  const blocks = nodes(node(report).OrgnlPmtInfAndSts);
  return {
    originalMessageId,
    groupStatus: text(group.GrpSts),
    groupReasonCode: reasonCode(group),
    rejectedBlocks: blocks
      .filter((block) => text(block.PmtInfSts) === "RJCT")
      .map((block) => ({ paymentInfoId: text(block.OrgnlPmtInfId) ?? "", reasonCode: reasonCode(block) })),
    rejectedDebits: blocks.flatMap((block) =>
      nodes(block.TxInfAndSts)
        .filter((tx) => text(tx.TxSts) === "RJCT")
        .map((tx) => ({
          paymentInfoId: text(block.OrgnlPmtInfId) ?? "",
          endToEndId: text(tx.OrgnlEndToEndId) ?? "",
          reasonCode: reasonCode(tx),
          amountCents: cents(node(node(tx.OrgnlTxRef).Amt).InstdAmt),
        })),
    ),
  };
}

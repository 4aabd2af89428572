import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { validatePain008 } from "../../../tests/support/sepa-xsd";
import { childrenNamed, only, readXml, textAt, type XmlElement } from "../../../tests/support/xml-tree";
import { addDays } from "~/domain/dates/madrid-dates";
import { ibanCheckDigits, spanishAccountControlDigits } from "~/domain/payments/iban";
import { SEQUENCE_TYPES } from "~/domain/payments/sepa-mandate";
import { toSepaText } from "~/domain/payments/sepa-text";
import { buildPain008, PAIN_008_NAMESPACE, SepaBatchError, type DirectDebit, type DirectDebitBatch } from "./sepa-pain008.server";

function spanishIban(bankAndBranch: string, account: string): string {
  const bban = `${bankAndBranch}${spanishAccountControlDigits(bankAndBranch, account)}${account}`;
  return `ES${ibanCheckDigits("ES", bban)}${bban}`;
}

const creditor = { name: "Termoclima Madrid, S.L.", iban: "ES91 2100 0418 4502 0005 1332", creditorId: "ES11000B12345674" };

function debit(n: number, overrides: Partial<DirectDebit> = {}): DirectDebit {
  return {
    endToEndId: `RENOV-2026-${String(n).padStart(4, "0")}`,
    amountCents: 14_900,
    mandateReference: `PLAN-${String(n).padStart(6, "0")}`,
    mandateSignedOn: "2025-12-01",
    sequenceType: "RCUR",
    collectionOn: "2026-12-01",
    debtorName: `Cliente ${n}`,
    debtorIban: spanishIban("21000813", String(n).padStart(10, "0")),
    remittanceInformation: `Renovación del plan de mantenimiento ${n}`,
    ...overrides,
  };
}

// 09:15:30 UTC on 3 November is 10:15:30 in Madrid (winter time).
const batch: DirectDebitBatch = {
  messageId: "TCM-20261103-0001",
  createdAt: new Date("2026-11-03T09:15:30Z"),
  creditor,
  debits: [
    debit(1, { debtorName: "José Núñez Peña", amountCents: 14_900 }),
    debit(2, { sequenceType: "FRST", debtorName: "Begoña Ibáñez", amountCents: 9_950, mandateSignedOn: "2026-10-20" }),
    debit(3, { debtorName: "Comunidad de Propietarios C/ Alcalá, 5 — Pérez & <Hijos>", amountCents: 23_012, debtorBic: "caixesbbxxx" }),
    debit(4, { sequenceType: "FRST", collectionOn: "2026-12-02", amountCents: 1, mandateSignedOn: "2026-11-02" }),
    debit(5, { debtorIban: "DE89370400440532013000", debtorName: "Jürgen Groß", amountCents: 100_000_00 }),
    debit(6, { debtorIban: "CH9300762011623852957", debtorBic: "UBSWCHZH80A", debtorName: "Françoise Müller" }),
  ],
};

const names = (element: XmlElement) => element.children.map((child) => child.local);

describe("buildPain008: the file", () => {
  it("is valid against ISO 20022's pain.008.001.02 schema", async () => {
    const result = await validatePain008(buildPain008(batch));
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("would be refused by the schema if a block's method or id broke its rules (the fixture is a real schema)", async () => {
    const xml = buildPain008(batch);
    expect((await validatePain008(xml.replace("<PmtMtd>DD</PmtMtd>", "<PmtMtd>XX</PmtMtd>"))).valid).toBe(false);
    expect((await validatePain008(xml.replace("<PmtInfId>TCM-20261103-0001-1<", `<PmtInfId>${"P".repeat(36)}<`))).valid).toBe(false);
    expect((await validatePain008(xml.replace(/<SeqTp>RCUR<\/SeqTp>/, "<SeqTp>NEXT</SeqTp>"))).valid).toBe(false);
  });

  it("groups the debits by collection day and sequence type, with counts and sums", () => {
    const root = readXml(buildPain008(batch));
    expect(root.ns).toBe(PAIN_008_NAMESPACE);
    const initiation = only(root, "CstmrDrctDbtInitn");
    const header = only(initiation, "GrpHdr");
    expect(textAt(header, "MsgId")).toBe("TCM-20261103-0001");
    expect(textAt(header, "CreDtTm")).toBe("2026-11-03T10:15:30");
    expect(textAt(header, "NbOfTxs")).toBe("6");
    expect(textAt(header, "CtrlSum")).toBe("100627.63");
    expect(textAt(header, "InitgPty", "Id", "OrgId", "Othr", "Id")).toBe("ES11000B12345674");
    const blocks = childrenNamed(initiation, "PmtInf").map((block) => ({
      id: textAt(block, "PmtInfId"),
      sequenceType: textAt(block, "PmtTpInf", "SeqTp"),
      collectionOn: textAt(block, "ReqdColltnDt"),
      count: textAt(block, "NbOfTxs"),
      sum: textAt(block, "CtrlSum"),
      debits: childrenNamed(block, "DrctDbtTxInf").map((tx) => textAt(tx, "PmtId", "EndToEndId")),
    }));
    expect(blocks).toEqual([
      { id: "TCM-20261103-0001-1", sequenceType: "FRST", collectionOn: "2026-12-01", count: "1", sum: "99.50", debits: ["RENOV-2026-0002"] },
      { id: "TCM-20261103-0001-2", sequenceType: "RCUR", collectionOn: "2026-12-01", count: "4", sum: "100528.12", debits: ["RENOV-2026-0001", "RENOV-2026-0003", "RENOV-2026-0005", "RENOV-2026-0006"] },
      { id: "TCM-20261103-0001-3", sequenceType: "FRST", collectionOn: "2026-12-02", count: "1", sum: "0.01", debits: ["RENOV-2026-0004"] },
    ]);
  });

  it("writes the creditor once per block, and each debit in the schema's order", () => {
    const [block] = childrenNamed(only(readXml(buildPain008(batch)), "CstmrDrctDbtInitn"), "PmtInf") as [XmlElement];
    expect(textAt(block, "PmtTpInf", "SvcLvl", "Cd")).toBe("SEPA");
    expect(textAt(block, "PmtTpInf", "LclInstrm", "Cd")).toBe("CORE");
    expect(textAt(block, "Cdtr", "Nm")).toBe("Termoclima Madrid, S.L.");
    expect(textAt(block, "CdtrAcct", "Id", "IBAN")).toBe("ES9121000418450200051332");
    expect(textAt(block, "CdtrAgt", "FinInstnId", "Othr", "Id")).toBe("NOTPROVIDED");
    expect(textAt(block, "CdtrSchmeId", "Id", "PrvtId", "Othr", "Id")).toBe("ES11000B12345674");
    expect(textAt(block, "CdtrSchmeId", "Id", "PrvtId", "Othr", "SchmeNm", "Prtry")).toBe("SEPA");
    const tx = only(block, "DrctDbtTxInf");
    expect(names(tx)).toEqual(["PmtId", "InstdAmt", "DrctDbtTx", "DbtrAgt", "Dbtr", "DbtrAcct", "RmtInf"]);
    expect(textAt(tx, "InstdAmt")).toBe("99.50");
    expect(textAt(tx, "DrctDbtTx", "MndtRltdInf", "MndtId")).toBe("PLAN-000002");
    expect(textAt(tx, "DrctDbtTx", "MndtRltdInf", "DtOfSgntr")).toBe("2026-10-20");
    expect(textAt(tx, "Dbtr", "Nm")).toBe("Begona Ibanez");
    expect(textAt(tx, "RmtInf", "Ustrd")).toBe("Renovacion del plan de mantenimiento 2");
  });

  it("writes names in the SEPA set, the BIC when there is one and NOTPROVIDED when not", () => {
    const debits = childrenNamed(only(readXml(buildPain008(batch)), "CstmrDrctDbtInitn"), "PmtInf").flatMap((block) => childrenNamed(block, "DrctDbtTxInf"));
    const byId = new Map(debits.map((tx) => [textAt(tx, "PmtId", "EndToEndId"), tx]));
    const tx = (n: number) => byId.get(`RENOV-2026-000${n}`) as XmlElement;
    expect(textAt(tx(1), "Dbtr", "Nm")).toBe("Jose Nunez Pena");
    expect(textAt(tx(3), "Dbtr", "Nm")).toBe("Comunidad de Propietarios C/ Alcala, 5 - Perez + Hijos");
    expect(textAt(tx(5), "Dbtr", "Nm")).toBe("Jurgen Gross");
    expect(textAt(tx(6), "Dbtr", "Nm")).toBe("Francoise Muller");
    expect(textAt(tx(1), "DbtrAgt", "FinInstnId", "Othr", "Id")).toBe("NOTPROVIDED");
    expect(textAt(tx(3), "DbtrAgt", "FinInstnId", "BIC")).toBe("CAIXESBBXXX");
    expect(textAt(tx(6), "DbtrAgt", "FinInstnId", "BIC")).toBe("UBSWCHZH80A");
    expect(textAt(tx(5), "InstdAmt")).toBe("100000.00");
  });

  it("writes the creditor's BIC when given, and cuts long names and text to 70 and 140", async () => {
    const xml = buildPain008({
      ...batch,
      creditor: { ...creditor, bic: "CAIXESBBXXX" },
      debits: [debit(1, { debtorName: "Ñ".repeat(80), remittanceInformation: "á".repeat(200) })],
    });
    expect((await validatePain008(xml)).valid).toBe(true);
    const block = only(only(readXml(xml), "CstmrDrctDbtInitn"), "PmtInf");
    expect(textAt(block, "CdtrAgt", "FinInstnId", "BIC")).toBe("CAIXESBBXXX");
    expect(textAt(block, "DrctDbtTxInf", "Dbtr", "Nm")).toBe("N".repeat(70));
    expect(textAt(block, "DrctDbtTxInf", "RmtInf", "Ustrd")).toBe("a".repeat(140));
  });
});

describe("buildPain008: same input, same bytes", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it("whatever the server's time zone", () => {
    process.env.TZ = "America/Los_Angeles";
    const west = buildPain008(batch);
    process.env.TZ = "Pacific/Kiritimati";
    const east = buildPain008(batch);
    expect(east).toBe(west);
    expect(west).toContain("<CreDtTm>2026-11-03T10:15:30</CreDtTm>");
    expect(west).toContain("<ReqdColltnDt>2026-12-01</ReqdColltnDt>");
  });
});

describe("buildPain008: what it refuses", () => {
  function problemsOf(input: DirectDebitBatch): string[] {
    try {
      buildPain008(input);
    } catch (error) {
      if (error instanceof SepaBatchError) return error.problems;
      throw error;
    }
    throw new Error("buildPain008 wrote a file it should have refused");
  }

  it("lists every problem of every debit, and writes nothing", () => {
    const problems = problemsOf({
      ...batch,
      debits: [
        debit(1, { debtorIban: "ES9121000418450200051331" }),
        debit(2, { amountCents: 0 }),
        debit(3, { mandateReference: `PLAN-${"9".repeat(31)}` }),
        debit(4, { amountCents: 12.5, debtorIban: "CH9300762011623852957" }),
      ],
    });
    expect(problems).toEqual([
      "Adeudo 1 (RENOV-2026-0001): IBAN del deudor: El IBAN no es válido: revise los dígitos.",
      "Adeudo 2 (RENOV-2026-0002): el importe (0 céntimos) debe ser de 0,01 € a 999.999.999,99 €, en céntimos enteros.",
      "Adeudo 3 (RENOV-2026-0003): La referencia del mandato tiene 36 caracteres; el máximo es 35.",
      "Adeudo 4 (RENOV-2026-0004): el importe (12.5 céntimos) debe ser de 0,01 € a 999.999.999,99 €, en céntimos enteros.",
      "Adeudo 4 (RENOV-2026-0004): una cuenta de CH necesita el BIC de su banco.",
    ]);
  });

  it("says so in the error's message, for a log or the back office", () => {
    expect(() => buildPain008({ ...batch, debits: [debit(1, { amountCents: 0 })] })).toThrow(/No se puede generar el fichero de adeudos:\n- Adeudo 1 \(RENOV-2026-0001\): el importe/);
  });

  it.each<[string, Partial<DirectDebitBatch>, string]>([
    ["a message id over 30", { messageId: "M".repeat(31) }, "El identificador del fichero debe tener de 1 a 30 caracteres SEPA, sin espacios."],
    ["a wrong creditor identifier", { creditor: { ...creditor, creditorId: "ES12000B12345674" } }, "El identificador de acreedor no es válido: revise los dos dígitos de después de ES."],
    ["a wrong creditor IBAN", { creditor: { ...creditor, iban: "ES91 2100 0418" } }, "IBAN del acreedor: Un IBAN de ES tiene 24 caracteres y este tiene 12."],
    ["a creditor without a name", { creditor: { ...creditor, name: "¡@#" } }, "Falta el nombre del acreedor."],
    ["no debits", { debits: [] }, "No hay adeudos que enviar."],
  ])("refuses %s", (_, change, problem) => {
    expect(problemsOf({ ...batch, ...change })).toEqual([problem]);
  });

  it.each<[string, Partial<DirectDebit>, string]>([
    ["an end-to-end id over 35", { endToEndId: "E".repeat(36) }, "la referencia del adeudo debe tener de 1 a 35 caracteres SEPA, sin espacios."],
    ["a mandate reference with a space", { mandateReference: "PLAN 1" }, "sin espacios"],
    ["a collection its file is too late for (D-1)", { collectionOn: "2026-11-03" }, "el cobro del 03/11/2026 ya no llega: el fichero tenía que enviarse el 02/11/2026 como tarde."],
    ["a day that is not one", { collectionOn: "2026-02-30" }, 'la fecha de cobro "2026-02-30" no es una fecha.'],
    ["a mandate signed after the file", { mandateSignedOn: "2026-11-04" }, "el mandato se firma el 04/11/2026, después de este fichero."],
    ["a sequence type that does not exist", { sequenceType: "NEXT" as DirectDebit["sequenceType"] }, 'el tipo de adeudo "NEXT" no existe.'],
    ["a debtor without a name", { debtorName: "  " }, "falta el nombre del deudor."],
    ["a wrong BIC", { debtorBic: "CAIXESBB1" }, "el BIC del deudor (CAIXESBB1) no es válido."],
  ])("refuses %s", (_, change, problem) => {
    const [found, ...more] = problemsOf({ ...batch, debits: [debit(1, change)] });
    expect(more).toEqual([]);
    expect(found).toContain(problem);
  });

  it("refuses an end-to-end id used twice in the file", () => {
    expect(problemsOf({ ...batch, debits: [debit(1), debit(1, { amountCents: 500 })] })).toEqual([
      "Adeudo 2 (RENOV-2026-0001): la referencia del adeudo está repetida en el fichero.",
    ]);
  });
});

describe("buildPain008: any batch it accepts", () => {
  const debits = fc.array(
    fc.record({
      amountCents: fc.integer({ min: 1, max: 99_999_999_999 }),
      sequenceType: fc.constantFrom(...SEQUENCE_TYPES),
      collectionOn: fc.integer({ min: 1, max: 60 }).map((n) => addDays("2026-11-04", n)),
      debtorName: fc.string({ unit: "grapheme", minLength: 1, maxLength: 90 }).filter((name) => toSepaText(name) !== ""),
      account: fc.integer({ min: 0, max: 9_999_999_999 }),
      remittanceInformation: fc.string({ unit: "grapheme", maxLength: 160 }),
    }),
    { minLength: 1, maxLength: 8 },
  );

  it("is valid against the schema, and its sums are the debits' sums", async () => {
    await fc.assert(
      fc.asyncProperty(debits, async (drawn) => {
        const input = {
          ...batch,
          debits: drawn.map(({ account, ...rest }, i) => debit(i + 1, { ...rest, debtorIban: spanishIban("00491500", String(account).padStart(10, "0")) })),
        };
        const xml = buildPain008(input);
        expect((await validatePain008(xml)).errors).toEqual([]);
        const total = input.debits.reduce((cents, d) => cents + d.amountCents, 0);
        expect(textAt(only(readXml(xml), "CstmrDrctDbtInitn"), "GrpHdr", "CtrlSum")).toBe(`${Math.trunc(total / 100)}.${String(total % 100).padStart(2, "0")}`);
      }),
      { numRuns: 20 },
    );
  });
});

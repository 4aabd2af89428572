import { describe, expect, it } from "vitest";
import { readStatusReport } from "./sepa-pain002";

// A status report as a bank sends it for one of our files (pain.002.001.03's element order):
// some debits rejected in one block, a whole other block rejected, the rest accepted.
const PARTLY_REJECTED = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>RPT-0001</MsgId><CreDtTm>2026-11-04T08:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>TCM-20261103-0001</OrgnlMsgId>
      <OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
      <OrgnlNbOfTxs>6</OrgnlNbOfTxs>
      <GrpSts>PART</GrpSts>
    </OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>TCM-20261103-0001-1</OrgnlPmtInfId>
      <PmtInfSts>ACCP</PmtInfSts>
    </OrgnlPmtInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>TCM-20261103-0001-2</OrgnlPmtInfId>
      <PmtInfSts>PART</PmtInfSts>
      <TxInfAndSts>
        <OrgnlEndToEndId>RENOV-2026-0001</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Orgtr><Id><OrgId><BICOrBEI>CAIXESBBXXX</BICOrBEI></OrgId></Id></Orgtr><Rsn><Cd>AC04</Cd></Rsn><AddtlInf>Cuenta cancelada</AddtlInf></StsRsnInf>
        <OrgnlTxRef><Amt><InstdAmt Ccy="EUR">149.00</InstdAmt></Amt><ReqdColltnDt>2026-12-01</ReqdColltnDt></OrgnlTxRef>
      </TxInfAndSts>
      <TxInfAndSts>
        <OrgnlEndToEndId>RENOV-2026-0003</OrgnlEndToEndId>
        <TxSts>ACCP</TxSts>
      </TxInfAndSts>
      <TxInfAndSts>
        <OrgnlEndToEndId>RENOV-2026-0005</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Prtry>0099</Prtry></Rsn></StsRsnInf>
      </TxInfAndSts>
    </OrgnlPmtInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>TCM-20261103-0001-3</OrgnlPmtInfId>
      <PmtInfSts>RJCT</PmtInfSts>
      <StsRsnInf><Rsn><Cd>FF01</Cd></Rsn></StsRsnInf>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;

describe("readStatusReport", () => {
  it("lists the rejected debits and blocks of a partly rejected file", () => {
    expect(readStatusReport(PARTLY_REJECTED)).toEqual({
      originalMessageId: "TCM-20261103-0001",
      groupStatus: "PART",
      groupReasonCode: null,
      rejectedBlocks: [{ paymentInfoId: "TCM-20261103-0001-3", reasonCode: "FF01" }],
      rejectedDebits: [
        { paymentInfoId: "TCM-20261103-0001-2", endToEndId: "RENOV-2026-0001", reasonCode: "AC04", amountCents: 14_900 },
        { paymentInfoId: "TCM-20261103-0001-2", endToEndId: "RENOV-2026-0005", reasonCode: "0099", amountCents: null },
      ],
    });
  });

  it("reads a whole file rejected, with prefixed elements", () => {
    const xml = `<p:Document xmlns:p="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><p:CstmrPmtStsRpt>
      <p:GrpHdr><p:MsgId>R2</p:MsgId><p:CreDtTm>2026-11-04T08:00:00</p:CreDtTm></p:GrpHdr>
      <p:OrgnlGrpInfAndSts><p:OrgnlMsgId>TCM-20261103-0002</p:OrgnlMsgId><p:OrgnlMsgNmId>pain.008.001.02</p:OrgnlMsgNmId>
        <p:GrpSts>RJCT</p:GrpSts><p:StsRsnInf><p:Rsn><p:Cd>FF01</p:Cd></p:Rsn></p:StsRsnInf></p:OrgnlGrpInfAndSts>
    </p:CstmrPmtStsRpt></p:Document>`;
    expect(readStatusReport(xml)).toEqual({ originalMessageId: "TCM-20261103-0002", groupStatus: "RJCT", groupReasonCode: "FF01", rejectedBlocks: [], rejectedDebits: [] });
  });

  it("refuses what is not a status report", () => {
    expect(() => readStatusReport('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"><CstmrDrctDbtInitn/></Document>')).toThrow(/no es un informe de estado pain.002/);
    expect(() => readStatusReport("<Document><CstmrPmtStsRpt><OrgnlGrpInfAndSts/></CstmrPmtStsRpt></Document>")).toThrow(/falta OrgnlMsgId/);
  });
});

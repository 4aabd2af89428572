import { describe, expect, it } from "vitest";
import { isCardIdentifier, storedCardFrom } from "./stored-card";

/*
 * Reading the stored card out of an authorised first payment's notification (issue 31), as
 * Redsys writes it: Ds_Merchant_Identifier, Ds_ExpiryDate (AAMM), Ds_Merchant_Cof_Txnid and,
 * on some terminals, a masked Ds_Card_Number.
 */
const IDENTIFIER = "8e2f4a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f";

const notified = (changes: Record<string, string | undefined> = {}) =>
  Object.fromEntries(
    Object.entries({
      Ds_Amount: "14520",
      Ds_Order: "1234AbCdEfGh",
      Ds_Response: "0000",
      Ds_Card_Brand: "1",
      Ds_Merchant_Identifier: IDENTIFIER,
      Ds_ExpiryDate: "4912",
      Ds_Merchant_Cof_Txnid: "2205022148020",
      ...changes,
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

describe("storedCardFrom", () => {
  it("reads the reference, the network's transaction id and the expiry as YYYY-MM", () => {
    expect(storedCardFrom(notified())).toEqual({ identifier: IDENTIFIER, cofTxnId: "2205022148020", expiry: "2049-12" });
  });

  it("keeps the last four digits and the brand of a masked card number, in either spelling", () => {
    expect(storedCardFrom(notified({ Ds_Card_Number: "454881******0004" }))?.maskedCard).toEqual({ last4: "0004", brand: "Visa" });
    expect(storedCardFrom(notified({ Ds_CardNumber: "************4444", Ds_Card_Brand: "2" }))?.maskedCard).toEqual({ last4: "4444", brand: "Mastercard" });
    expect(storedCardFrom(notified({ Ds_Card_Number: "454881******0004", Ds_Card_Brand: "77" }))?.maskedCard).toEqual({ last4: "0004", brand: null });
  });

  it("never keeps a whole card number, nor anything that is not a masked one", () => {
    for (const number of ["4548812049400004", "4548 81** **** 0004", "****0004", "454881******000"]) {
      const card = storedCardFrom(notified({ Ds_Card_Number: number }));
      expect(card).not.toBeNull();
      expect(card).not.toHaveProperty("maskedCard");
      expect(JSON.stringify(card)).not.toContain("4548812049400004");
    }
  });

  it("matches names whatever their case and trims the values", () => {
    expect(storedCardFrom({ DS_RESPONSE: "0", DS_MERCHANT_IDENTIFIER: ` ${IDENTIFIER} `, ds_expirydate: "2601", DS_MERCHANT_COF_TXNID: "999" })).toEqual({
      identifier: IDENTIFIER,
      cofTxnId: "999",
      expiry: "2026-01",
    });
  });

  it("gives nothing for a payment that was not authorised", () => {
    for (const response of ["0190", "0101", "9915", "", undefined]) expect(storedCardFrom(notified({ Ds_Response: response }))).toBeNull();
  });

  it.each([
    ["no reference", { Ds_Merchant_Identifier: undefined }],
    ["the request for one echoed back", { Ds_Merchant_Identifier: "REQUIRED" }],
    ["a reference longer than 40", { Ds_Merchant_Identifier: "a".repeat(41) }],
    ["a reference with symbols", { Ds_Merchant_Identifier: "abc/def" }],
    ["no network transaction id", { Ds_Merchant_Cof_Txnid: undefined }],
    ["an empty network transaction id", { Ds_Merchant_Cof_Txnid: "" }],
    ["a network transaction id with spaces inside", { Ds_Merchant_Cof_Txnid: "2205 0221" }],
    ["no expiry", { Ds_ExpiryDate: undefined }],
    ["month 13", { Ds_ExpiryDate: "4913" }],
    ["month 00", { Ds_ExpiryDate: "4900" }],
    ["an expiry as MMAA with a slash", { Ds_ExpiryDate: "12/49" }],
    ["a six-digit expiry", { Ds_ExpiryDate: "204912" }],
  ])("refuses %s", (_, changes) => {
    expect(storedCardFrom(notified(changes))).toBeNull();
  });
});

describe("isCardIdentifier", () => {
  it("takes letters and digits up to 40, and not the word REQUIRED", () => {
    expect(isCardIdentifier(IDENTIFIER)).toBe(true);
    expect(isCardIdentifier("required")).toBe(false);
    expect(isCardIdentifier("")).toBe(false);
  });
});

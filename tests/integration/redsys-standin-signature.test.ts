import { describe, expect, it } from "vitest";
import { notificationParameters } from "../support/redsys-standin/notification";
import {
  PUBLISHED_NOTIFICATION,
  PUBLISHED_NOTIFICATION_SIGNATURE,
  PUBLISHED_REQUEST,
  PUBLISHED_REQUEST_PARAMETERS,
  REDSYS_TEST_KEY,
} from "../support/redsys-vectors";
import { computeSignature, deriveOrderKey, encodeJson, signatureMatches, toUrlSafe } from "../support/redsys-standin/signature";

/*
 * The stand-in's own signature code (issue 12) against the vectors published with Redsys's
 * test key, the same ones the shop's module is held to
 * (app/server/payments/redsys-signature.server.test.ts), and its notification builder
 * against the published notification, byte for byte.
 */

const KEY = REDSYS_TEST_KEY;
const REQUEST = PUBLISHED_REQUEST;
const REQUEST_PARAMETERS = PUBLISHED_REQUEST_PARAMETERS;
const NOTIFICATION = PUBLISHED_NOTIFICATION;
const NOTIFICATION_SIGNATURE = PUBLISHED_NOTIFICATION_SIGNATURE;

describe("the stand-in's order key", () => {
  it.each([
    ["", ""],
    ["0", "Qyx5NZhbucY="],
    ["1234567890", "ntVrJPxp2xlsetWVajPl0g=="],
    ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", "zpFLv7NacMPOXx570s2BAdR9fZue1crKaHX2S/0/f/8="],
  ])("for %j is the published one", (order, expected) => {
    expect(deriveOrderKey(KEY, order).toString("base64")).toBe(expected);
  });
});

describe("the stand-in's request signature", () => {
  it("encodes and signs the published request", () => {
    expect(encodeJson(REQUEST)).toBe(REQUEST_PARAMETERS);
    expect(computeSignature(KEY, "12345678", REQUEST_PARAMETERS)).toBe("OJHmZ7cVCM2YdKoFUWkSvK9suPLRvl3DPS840EgBW00=");
  });

  it("follows the published changes of amount and order code", () => {
    expect(computeSignature(KEY, "12345678", encodeJson({ ...REQUEST, DS_MERCHANT_AMOUNT: "1500" }))).toBe("+FOvVhtCE7m+mLMecrj/sftU7B7GaWVxkATvswnDJgw=");
    const other = encodeJson({ ...REQUEST, DS_MERCHANT_AMOUNT: "1500", DS_MERCHANT_ORDER: "00001234" });
    expect(computeSignature(KEY, "00001234", other)).toBe("PDXnm3w6XoMCu9LH8qr4fH3lZixclxO75yV3lHZWBZk=");
  });

  it("accepts either base64 alphabet and refuses a changed bit, text or key", () => {
    const signature = "+FOvVhtCE7m+mLMecrj/sftU7B7GaWVxkATvswnDJgw=";
    const parameters = encodeJson({ ...REQUEST, DS_MERCHANT_AMOUNT: "1500" });
    expect(signatureMatches(KEY, "12345678", parameters, signature)).toBe(true);
    expect(signatureMatches(KEY, "12345678", parameters, toUrlSafe(signature))).toBe(true);
    expect(signatureMatches(KEY, "12345678", parameters, signature.replace("+FOv", "+FOw"))).toBe(false);
    expect(signatureMatches(KEY, "12345678", REQUEST_PARAMETERS, signature)).toBe(false);
    expect(signatureMatches(Buffer.alloc(24, 7).toString("base64"), "12345678", parameters, signature)).toBe(false);
    expect(signatureMatches(KEY, "12345678", parameters, "")).toBe(false);
  });
});

describe("the stand-in's notification", () => {
  it("rebuilds the published notification and its URL-safe signature exactly", () => {
    const parameters = notificationParameters({
      when: new Date("2018-05-28T08:44:00Z"), // 10:44 in Madrid (summer time)
      amount: "6700",
      order: "0000FB9A172",
      merchantCode: "336704655",
      terminal: "1",
      responseCode: "0000",
      merchantData: "",
      authorisationCode: "218048",
      method: "tarjeta",
    });
    const encoded = encodeJson(parameters);
    expect(encoded).toBe(NOTIFICATION);
    expect(toUrlSafe(computeSignature(KEY, "0000FB9A172", encoded))).toBe(NOTIFICATION_SIGNATURE);
  });

  it("writes Bizum's processed method instead of the card's country and brand", () => {
    const parameters = notificationParameters({
      when: new Date("2025-01-15T23:30:00Z"), // 16 January, 00:30 in Madrid (winter time)
      amount: 14520,
      order: "1234abcd",
      merchantCode: "999008881",
      terminal: "1",
      responseCode: "0000",
      merchantData: "pedido 0001/010125",
      authorisationCode: "000123",
      method: "bizum",
    });
    expect(parameters).toMatchObject({ Ds_Date: "16%2F01%2F2025", Ds_Hour: "00%3A30", Ds_ProcessedPayMethod: "68", Ds_MerchantData: "pedido%200001%2F010125" });
    expect(parameters).not.toHaveProperty("Ds_Card_Brand");
  });
});

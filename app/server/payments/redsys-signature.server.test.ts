import { describe, expect, it } from "vitest";
import { decodeParameters, encodeParameters, orderKey, sign, signedMessage, verify, verifyMessage } from "./redsys-signature.server";
// Redsys's published vectors, shared with the stand-in's own tests.
import {
  PUBLISHED_NOTIFICATION as NOTIFICATION,
  PUBLISHED_NOTIFICATION_SIGNATURE as NOTIFICATION_SIGNATURE,
  PUBLISHED_REQUEST as REQUEST,
  PUBLISHED_REQUEST_PARAMETERS,
  REDSYS_TEST_KEY as KEY,
} from "../../../tests/support/redsys-vectors";

describe("the order key (3DES-CBC, zero IV, zero padding)", () => {
  it("matches the published keys", () => {
    expect(orderKey(KEY, "").toString("base64")).toBe("");
    expect(orderKey(KEY, "0").toString("base64")).toBe("Qyx5NZhbucY=");
    expect(orderKey(KEY, "1234567890").toString("base64")).toBe("ntVrJPxp2xlsetWVajPl0g==");
    expect(orderKey(KEY, "ABCDEFGHIJKLMNOPQRSTUVWXYZ").toString("base64")).toBe("zpFLv7NacMPOXx570s2BAdR9fZue1crKaHX2S/0/f/8=");
  });
});

describe("a payment request", () => {
  it("encodes and signs as the published request", () => {
    const message = signedMessage(KEY, "12345678", REQUEST);
    expect(message.Ds_SignatureVersion).toBe("HMAC_SHA256_V1");
    expect(message.Ds_MerchantParameters).toBe(PUBLISHED_REQUEST_PARAMETERS);
    expect(message.Ds_Signature).toBe("OJHmZ7cVCM2YdKoFUWkSvK9suPLRvl3DPS840EgBW00=");
  });

  it("changes with the amount and the order code, as published", () => {
    expect(signedMessage(KEY, "12345678", { ...REQUEST, DS_MERCHANT_AMOUNT: "1500" }).Ds_Signature).toBe("+FOvVhtCE7m+mLMecrj/sftU7B7GaWVxkATvswnDJgw=");
    expect(
      signedMessage(KEY, "00001234", { ...REQUEST, DS_MERCHANT_AMOUNT: "1500", DS_MERCHANT_ORDER: "00001234" }).Ds_Signature,
    ).toBe("PDXnm3w6XoMCu9LH8qr4fH3lZixclxO75yV3lHZWBZk=");
  });

  it("round-trips its parameters", () => {
    expect(decodeParameters(encodeParameters(REQUEST))).toEqual(REQUEST);
  });
});

describe("a notification", () => {
  it("is accepted with the published URL-safe signature and decoded", () => {
    const result = verifyMessage(KEY, { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: NOTIFICATION, Ds_Signature: NOTIFICATION_SIGNATURE });
    expect(result).toEqual({
      ok: true,
      order: "0000FB9A172",
      parameters: {
        Ds_Date: "28/05/2018",
        Ds_Hour: "10:44",
        Ds_SecurePayment: "1",
        Ds_Amount: "6700",
        Ds_Currency: "978",
        Ds_Order: "0000FB9A172",
        Ds_MerchantCode: "336704655",
        Ds_Terminal: "001",
        Ds_Response: "0000",
        Ds_TransactionType: "0",
        Ds_MerchantData: "",
        Ds_AuthorisationCode: "218048",
        Ds_ConsumerLanguage: "1",
        Ds_Card_Country: "724",
        Ds_Card_Brand: "1",
      },
    });
  });

  it("accepts the same signature in standard base64", () => {
    expect(verify(KEY, "0000FB9A172", NOTIFICATION, NOTIFICATION_SIGNATURE.replace(/-/g, "+").replace(/_/g, "/"))).toBe(true);
  });

  it.each([
    ["an empty signature", ""],
    ["a short one", "00000"],
    ["another", "12345=="],
    ["one bit changed", "3Fg6oB4URw8ykL-hkvdYPW4RKvT3ikz6qAv6WMHFH2J="],
    ["not base64", "3Fg6oB4URw8ykL hkvdYPW4RKvT3ikz6qAv6WMHFH2I="],
  ])("refuses %s", (_, signature) => {
    const result = verifyMessage(KEY, { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: NOTIFICATION, Ds_Signature: signature });
    expect(result.ok).toBe(false);
  });

  it("refuses parameters changed after signing (another amount)", () => {
    const params = decodeParameters(NOTIFICATION)!;
    const forged = encodeParameters({ ...params, Ds_Amount: "1" });
    expect(verifyMessage(KEY, { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: forged, Ds_Signature: NOTIFICATION_SIGNATURE })).toEqual({
      ok: false,
      reason: "firma incorrecta",
    });
  });

  it("refuses another key, another version, unreadable or order-less parameters", () => {
    const other = Buffer.alloc(24, 7).toString("base64");
    expect(verifyMessage(other, { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: NOTIFICATION, Ds_Signature: NOTIFICATION_SIGNATURE }).ok).toBe(false);
    expect(verifyMessage(KEY, { Ds_SignatureVersion: "HMAC_SHA512_V2", Ds_MerchantParameters: NOTIFICATION, Ds_Signature: NOTIFICATION_SIGNATURE }).ok).toBe(false);
    expect(verifyMessage(KEY, { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: "no es json", Ds_Signature: NOTIFICATION_SIGNATURE }).ok).toBe(false);
    const noOrder = encodeParameters({ Ds_Amount: "6700" });
    expect(verifyMessage(KEY, { Ds_SignatureVersion: "HMAC_SHA256_V1", Ds_MerchantParameters: noOrder, Ds_Signature: sign(KEY, "", noOrder) })).toEqual({
      ok: false,
      reason: "los parámetros no traen Ds_Order",
    });
  });
});

describe("decodeParameters", () => {
  it("answers null to what is not a JSON object", () => {
    expect(decodeParameters(Buffer.from("[1,2]").toString("base64"))).toBeNull();
    expect(decodeParameters(Buffer.from("nul").toString("base64"))).toBeNull();
    expect(decodeParameters("%%%")).toBeNull();
  });

  it("keeps plus signs (a denied authorisation code is \"++++++\")", () => {
    expect(decodeParameters(encodeParameters({ Ds_AuthorisationCode: "++++++" }))).toEqual({ Ds_AuthorisationCode: "++++++" });
  });

  it("keeps a value that is not valid URL encoding as it came", () => {
    expect(decodeParameters(encodeParameters({ Ds_MerchantData: "100%" }))).toEqual({ Ds_MerchantData: "100%" });
  });
});

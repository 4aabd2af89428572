import { describe, expect, it } from "vitest";
import * as z from "zod";
import { internationalDigits, isOrderFormPhone, isSpanishPhone, nationalDigits, PHONE_MESSAGE, phoneCheck } from "./phone";

describe("the order form's telefono (spec section 5: 2-3 digits, optional hyphen or space, 6-7 digits)", () => {
  it("accepts the spec's shapes", () => {
    for (const phone of ["912345678", "91 2345678", "91-2345678", "600 123456", "600-123456", "6001234567", " 600123456 "]) {
      expect(isOrderFormPhone(phone), phone).toBe(true);
    }
  });

  it("refuses the rest, +34 included (the spec's shape has no prefix)", () => {
    for (const phone of ["12345", "9 12345678", "600 123 456", "+34600123456", "600--123456", "600_123456", "60012345678", "abc123456", ""]) {
      expect(isOrderFormPhone(phone), phone).toBe(false);
    }
  });
});

describe("any other phone the shop calls back: nine Spanish digits, with or without +34", () => {
  it("accepts the ways people write them", () => {
    for (const phone of ["600 123 456", "600123456", "600 12 34 56", "912-345-678", "(91) 234 56 78", "+34 600 123 456", "+34600123456", "0034 912 345 678", "958.123.456"]) {
      expect(isSpanishPhone(phone), phone).toBe(true);
    }
  });

  it("refuses what is no Spanish number (the old visit rule let these through)", () => {
    for (const phone of ["((((((((((", "---------", "+1 555 123 4567", "+44 20 7946 0958", "60012345", "6001234567", "123 456 789", "600 123 45a", "+34 +600123456", ""]) {
      expect(isSpanishPhone(phone), phone).toBe(false);
    }
  });

  it("is the check of the visit, the quote editor and the configuration, optional where the field is", () => {
    const required = z.object({ phone: z.string().trim().check(phoneCheck()) });
    const optional = z.object({ phone: z.string().trim().check(phoneCheck({ optional: true })) });
    expect(required.safeParse({ phone: "+34 611 22 33 44" }).success).toBe(true);
    expect(required.safeParse({ phone: "" }).error?.issues[0]?.message).toBe(PHONE_MESSAGE);
    expect(optional.safeParse({ phone: "" }).success).toBe(true);
    expect(optional.safeParse({ phone: "llamar por la tarde" }).success).toBe(false);
  });
});

describe("digits for links", () => {
  it("keeps the nine national digits whatever the spacing or prefix", () => {
    expect(nationalDigits("912 345 678")).toBe("912345678");
    expect(nationalDigits("+34 912 345 678")).toBe("912345678");
    expect(nationalDigits("0034 912 345 678")).toBe("912345678");
  });

  it("adds Spain's 34 to a national number and keeps another country's code", () => {
    expect(internationalDigits("600 123 456")).toBe("34600123456");
    expect(internationalDigits("+34 611-22-33-44")).toBe("34611223344");
    expect(internationalDigits("0034 912 345 678")).toBe("34912345678");
    expect(internationalDigits("34600123456")).toBe("34600123456");
    expect(internationalDigits("+44 20 7946 0958")).toBe("442079460958");
  });
});

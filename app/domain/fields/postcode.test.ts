import { describe, expect, it } from "vitest";
import * as z from "zod";
import * as zm from "zod/mini";
import { isPostcodePrefix, isValidPostcode, normalizePostcode, POSTCODE_MESSAGE, postcodeCheck } from "./postcode";

describe("postcodes (spec section 5: 01000 to 52999)", () => {
  it("accepts the range, ends included, spaces around", () => {
    for (const cp of ["01000", "28001", "52999", "35001", " 28080 "]) expect(isValidPostcode(cp), cp).toBe(true);
  });

  it("refuses outside the range and other shapes", () => {
    for (const cp of ["00999", "00000", "53000", "99999", "2800", "280011", "28a01", "28 001", ""]) {
      expect(isValidPostcode(cp), cp).toBe(false);
    }
  });

  it("reads a postcode typed with spaces inside (the coverage check's free field)", () => {
    expect(normalizePostcode(" 28 0 01")).toBe("28001");
    expect(normalizePostcode("53001")).toBeNull();
    expect(normalizePostcode("99999")).toBeNull();
  });
});

describe("configuration prefixes", () => {
  it("are 1 to 5 digits some postcode can start with", () => {
    for (const ok of ["28", "2", "0", "5", "52", "28001", "010", "52999"]) expect(isPostcodePrefix(ok), ok).toBe(true);
    for (const bad of ["", "53", "6", "9", "00", "00999", "280011", "2a", " 28"]) expect(isPostcodePrefix(bad), bad).toBe(false);
  });
});

describe("postcodeCheck, in zod and zod/mini schemas", () => {
  const classic = z.object({ cp: z.string().trim().check(postcodeCheck()) });
  const mini = zm.object({ cp: zm.string().check(zm.trim(), postcodeCheck()) });
  const optional = z.object({ cp: z.string().trim().check(postcodeCheck({ optional: true })) });

  it("gives the same answer and the same Spanish message in both", () => {
    for (const schema of [classic, mini]) {
      expect(schema.safeParse({ cp: " 28013 " }).success).toBe(true);
      const refused = schema.safeParse({ cp: "99999" });
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]?.message).toBe(POSTCODE_MESSAGE);
    }
  });

  it("lets an optional field stay empty, and still refuses a postcode outside Spain's range", () => {
    expect(optional.safeParse({ cp: "" }).success).toBe(true);
    // The quote editor accepted any five digits before (issue 29): 99999 is no Spanish postcode.
    expect(optional.safeParse({ cp: "99999" }).success).toBe(false);
  });
});

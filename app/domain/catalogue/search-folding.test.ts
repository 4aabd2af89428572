import { describe, expect, it } from "vitest";
import { ACCENTED, foldAccents, PLAIN } from "./search-folding";

describe("foldAccents", () => {
  it("maps each accented letter to one plain letter", () => {
    expect([...ACCENTED]).toHaveLength([...PLAIN].length);
    expect(foldAccents("García NÚÑEZ, Françoise")).toBe("garcia nunez, francoise");
    expect(foldAccents("B12345674")).toBe("b12345674");
  });
});

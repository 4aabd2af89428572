import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps local paths with their query", () => {
    expect(safeRedirectPath("/tienda/calderas/x?marca=Baxi")).toBe("/tienda/calderas/x?marca=Baxi");
  });
  it("refuses other sites and odd values", () => {
    for (const value of ["//evil.example", "https://evil.example", "/\\evil.example", "", null, 3]) {
      expect(safeRedirectPath(value)).toBe("/");
    }
  });
});

import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./page-cache.server";

describe("the encoding of a kept page", () => {
  it("br or gzip, whichever the browser weighs more, br on a tie; else the page as it is", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*;q=0.2, br;q=0")).toBe("gzip");
    expect(preferredEncoding("identity")).toBe("identity");
    expect(preferredEncoding(undefined)).toBe("identity");
    expect(preferredEncoding("")).toBe("identity");
    expect(preferredEncoding("GZIP ;q=0.8 , Br ; q=0.9")).toBe("br");
  });
});

import { describe, expect, it } from "vitest";
import { eprelLinks } from "./eprel";

describe("eprelLinks", () => {
  it("an air conditioner: its entry in the airconditioners group and the sheet in Spanish", () => {
    expect(eprelLinks({ family: "aires", eprelNumber: "1203458" })).toEqual({
      entry: "https://eprel.ec.europa.eu/screen/product/airconditioners/1203458",
      sheet: "https://eprel.ec.europa.eu/api/products/airconditioners/1203458/fiches?language=ES",
    });
  });

  it("boilers and heat pumps are space heaters in EPREL", () => {
    expect(eprelLinks({ family: "calderas", eprelNumber: "624418" })?.entry).toBe("https://eprel.ec.europa.eu/screen/product/spaceheaters/624418");
    expect(eprelLinks({ family: "aerotermia", eprelNumber: "806127" })?.sheet).toBe(
      "https://eprel.ec.europa.eu/api/products/spaceheaters/806127/fiches?language=ES",
    );
  });

  it("no number, a number that is not digits, or a thermostat: no link", () => {
    expect(eprelLinks({ family: "aires", eprelNumber: null })).toBeNull();
    expect(eprelLinks({ family: "aires", eprelNumber: "" })).toBeNull();
    expect(eprelLinks({ family: "aires", eprelNumber: "12/../34" })).toBeNull();
    expect(eprelLinks({ family: "termostatos", eprelNumber: "123456" })).toBeNull();
  });
});

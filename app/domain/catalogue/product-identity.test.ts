import { describe, expect, it } from "vitest";
import { demoPictures, renameDemoPictures, SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "./product-identity";

describe("product identity", () => {
  it("makes a slug of brand and model: lowercase, no accents, words joined by hyphens", () => {
    expect(slugify("Baxi", "Platinum Compact 24/24F ECO")).toBe("baxi-platinum-compact-24-24f-eco");
    expect(slugify("Honeywell", "T3 Básico ñandú")).toBe("honeywell-t3-basico-nandu");
    const long = slugify("Marca", "modelo ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long).toMatch(SLUG_PATTERN);
  });

  it("renames only the drawn pictures that named the old slug", () => {
    const pictures = { ...demoPictures("vieja"), images: [...demoPictures("vieja").images, "/imagenes/fotos/12-800.jpg", "/imagenes/demo/vieja-otra-1.svg"] };
    expect(renameDemoPictures(pictures, "vieja", "nueva")).toEqual({
      image: "/imagenes/demo/nueva-1.svg",
      images: ["/imagenes/demo/nueva-1.svg", "/imagenes/demo/nueva-2.svg", "/imagenes/demo/nueva-3.svg", "/imagenes/fotos/12-800.jpg", "/imagenes/demo/vieja-otra-1.svg"],
    });
  });
});

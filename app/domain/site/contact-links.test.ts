import { describe, expect, it } from "vitest";
import { nationalDigits, telHref, whatsappHref } from "./contact-links";

describe("contact links", () => {
  it("keeps the nine national digits whatever the spacing or prefix", () => {
    expect(nationalDigits("912 345 678")).toBe("912345678");
    expect(nationalDigits("+34 912 345 678")).toBe("912345678");
    expect(nationalDigits("0034 912 345 678")).toBe("912345678");
  });

  it("builds tel: and WhatsApp links with the +34 prefix", () => {
    expect(telHref("912 345 678")).toBe("tel:+34912345678");
    expect(whatsappHref("600 123 456")).toBe("https://wa.me/34600123456");
    expect(whatsappHref("600123456", "Hola, ¿precio?")).toBe(
      "https://wa.me/34600123456?text=Hola%2C%20%C2%BFprecio%3F",
    );
  });
});

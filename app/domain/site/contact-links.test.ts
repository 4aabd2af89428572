import { describe, expect, it } from "vitest";
import { telHref, whatsappHref } from "./contact-links";

describe("contact links", () => {
  it("builds tel: and WhatsApp links with the +34 prefix", () => {
    expect(telHref("912 345 678")).toBe("tel:+34912345678");
    expect(whatsappHref("600 123 456")).toBe("https://wa.me/34600123456");
    expect(whatsappHref("600123456", "Hola, ¿precio?")).toBe(
      "https://wa.me/34600123456?text=Hola%2C%20%C2%BFprecio%3F",
    );
  });

  it("calls a customer's number the same way on every page (issue 29: the job and request pages dropped the +34)", () => {
    expect(telHref("600 123 456")).toBe("tel:+34600123456");
    expect(telHref("+34 600 123 456")).toBe("tel:+34600123456");
    // The contact form checks no phone (spec section 5): a foreign number keeps its own code.
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
  });
});

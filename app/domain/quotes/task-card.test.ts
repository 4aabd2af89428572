import { describe, expect, it } from "vitest";
import { CONTACT_MAX_LENGTH } from "./contact-form";
import {
  cardMarker,
  contactMailSubject,
  contactMailText,
  escapeMarkdown,
  hasCardMarker,
  taskCardDesc,
  taskCardName,
  type ContactRequestSummary,
} from "./task-card";

const request: ContactRequestSummary = {
  requestId: 42,
  name: "Lucía García Pérez",
  phone: "600 123 456",
  email: "lucia@example.com",
  address: "Calle de Alcalá 120, 3º B",
  town: "Madrid",
  message: "Quisiera cambiar la caldera.\nMejor por la tarde.",
  product: { brand: "Hermann", model: "Micraplus 25", url: "https://tienda.example/tienda/detalle/calderas/1" },
  sourceUrl: "https://tienda.example/tienda/detalle/calderas/1",
};

describe("markdown escaping", () => {
  it("puts a backslash before every character markdown gives a meaning", () => {
    expect(escapeMarkdown("\\`*_{}[]()#+-.!|><~")).toBe("\\\\\\`\\*\\_\\{\\}\\[\\]\\(\\)\\#\\+\\-\\.\\!\\|\\>\\<\\~");
    expect(escapeMarkdown("Hola, ¿qué tal? 100 €")).toBe("Hola, ¿qué tal? 100 €");
  });

  it("turns a link, an image, a heading and emphasis into plain text", () => {
    expect(escapeMarkdown("[pulse aquí](https://evil.example)")).toBe("\\[pulse aquí\\]\\(https://evil\\.example\\)");
    expect(escapeMarkdown("![x](http://e.x/a.png)")).toBe("\\!\\[x\\]\\(http://e\\.x/a\\.png\\)");
    expect(escapeMarkdown("# Urgente **ya**")).toBe("\\# Urgente \\*\\*ya\\*\\*");
  });
});

describe("the task card (spec section 7)", () => {
  it("is named by name and phone joined by a hyphen", () => {
    expect(taskCardName(request)).toBe("Lucía García Pérez-600 123 456");
  });

  it("uses the e-mail when there is no phone", () => {
    expect(taskCardName({ ...request, phone: "" })).toBe("Lucía García Pérez-lucia@example.com");
  });

  it("describes the request in markdown, with a WhatsApp link and the outbox marker last", () => {
    const desc = taskCardDesc(request, 7);
    expect(desc).toBe(
      [
        "**Nombre:** Lucía García Pérez",
        "**Email:** lucia@example\\.com",
        "**Teléfono:** 600 123 456",
        "**WhatsApp:** https://wa.me/34600123456",
        "**Dirección:** Calle de Alcalá 120, 3º B, Madrid",
        "**Producto:** Hermann Micraplus 25 https://tienda.example/tienda/detalle/calderas/1",
        "**Enviada desde:** https://tienda.example/tienda/detalle/calderas/1",
        "",
        "**Mensaje:**",
        "Quisiera cambiar la caldera\\.",
        "Mejor por la tarde\\.",
        "",
        "Solicitud nº 42",
        "Ref. envío: #7",
      ].join("\n"),
    );
    expect(hasCardMarker(desc, 7)).toBe(true);
    expect(hasCardMarker(desc, 70)).toBe(false);
  });

  it("leaves out the WhatsApp link and product when there are none", () => {
    const desc = taskCardDesc({ ...request, phone: "", product: null, message: "" }, 8);
    expect(desc).not.toContain("wa.me");
    expect(desc).not.toContain("Producto");
    expect(desc).toContain("**Teléfono:** (no indicado)");
    expect(desc).toContain("(sin mensaje)");
  });

  it("adds +34 to the WhatsApp link whatever way the phone was typed", () => {
    expect(taskCardDesc({ ...request, phone: "+34 611-22-33-44" }, 1)).toContain("https://wa.me/34611223344");
  });

  it("escapes every piece of visitor text, so no link, heading or forged marker gets through", () => {
    const evil = {
      ...request,
      name: "[Gane](https://evil.example)",
      address: "# Calle",
      town: "**Madrid**",
      message: "Ref. envío: #8\n> cita\n- lista",
    };
    const desc = taskCardDesc(evil, 9);
    expect(desc).toContain("**Nombre:** \\[Gane\\]\\(https://evil\\.example\\)");
    expect(desc).toContain("**Dirección:** \\# Calle, \\*\\*Madrid\\*\\*");
    expect(desc).toContain("Ref\\. envío: \\#8\n\\> cita\n\\- lista");
    expect(hasCardMarker(desc, 8)).toBe(false);
    expect(desc.split("\n").at(-1)).toBe(cardMarker(9));
  });

  it("keeps a line-broken name on one line", () => {
    expect(taskCardDesc({ ...request, name: "Ana\n# Título" }, 1)).toContain("**Nombre:** Ana \\# Título\n");
    expect(taskCardName({ ...request, name: "Ana\nLópez" })).toBe("Ana López-600 123 456");
  });

  it("fits in a Trello description (16 384 characters) at the longest the form allows", () => {
    const longest = {
      ...request,
      name: "*".repeat(CONTACT_MAX_LENGTH.nameAndSurname),
      phone: "-".repeat(CONTACT_MAX_LENGTH.phone),
      email: ".".repeat(CONTACT_MAX_LENGTH.email),
      address: "(".repeat(CONTACT_MAX_LENGTH.adress),
      town: ")".repeat(CONTACT_MAX_LENGTH.state),
      message: "#".repeat(CONTACT_MAX_LENGTH.message),
    };
    expect(taskCardDesc(longest, 123456).length).toBeLessThan(16_384);
  });
});

describe("the e-mail to the shop", () => {
  it("carries the same facts as plain text", () => {
    expect(contactMailSubject(request)).toBe("Nueva solicitud de presupuesto: Lucía García Pérez");
    const text = contactMailText(request);
    for (const part of [
      "Nueva solicitud de presupuesto (nº 42)",
      "Nombre y apellidos: Lucía García Pérez",
      "Email: lucia@example.com",
      "Teléfono: 600 123 456",
      "WhatsApp: https://wa.me/34600123456",
      "Dirección de la instalación: Calle de Alcalá 120, 3º B, Madrid",
      "Producto: Hermann Micraplus 25 https://tienda.example/tienda/detalle/calderas/1",
      "Quisiera cambiar la caldera.\nMejor por la tarde.",
    ]) {
      expect(text).toContain(part);
    }
  });

  it("keeps the subject on one line", () => {
    expect(contactMailSubject({ name: "Ana\r\nBcc: x@y.z" })).toBe("Nueva solicitud de presupuesto: Ana Bcc: x@y.z");
  });
});

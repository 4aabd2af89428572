import { describe, expect, it } from "vitest";
import { alreadyActiveEmail, backInStockEmail, confirmationEmail } from "./alert-emails";

const shop = { name: "Termoclima", baseUrl: "https://tienda.example", phone: "910 000 000", legalName: "Termoclima S.L.", address: "Calle Mayor 1, Madrid" };
const alert = { email: "ana@correo.es", token: "tok_tok_tok_tok_tok_tok" };
const product = { name: "Daikin Sensira 35", href: "/tienda/detalle/aires/20", priceCents: 64_900 };

describe("the back-in-stock e-mails", () => {
  it("the confirmation: a confirm link and a withdraw link, both to a page (not a one-click action)", () => {
    const mail = confirmationEmail(shop, alert, product);
    expect(mail.to).toBe("ana@correo.es");
    expect(mail.subject).toBe("Termoclima: confirme su aviso de disponibilidad de Daikin Sensira 35");
    expect(mail.text).toContain("https://tienda.example/avisos-disponibilidad/confirmar/tok_tok_tok_tok_tok_tok");
    expect(mail.text).toContain("https://tienda.example/avisos-disponibilidad/retirar/tok_tok_tok_tok_tok_tok");
    expect(mail.text).toContain("Si no lo confirma en 7 días");
  });

  it("asked again once confirmed: no confirm link, the withdraw link", () => {
    const mail = alreadyActiveEmail(shop, alert, product);
    expect(mail.text).not.toContain("/confirmar/");
    expect(mail.text).toContain("/avisos-disponibilidad/retirar/tok_tok_tok_tok_tok_tok");
  });

  it("the notice: the product's link and price, once", () => {
    const mail = backInStockEmail(shop, alert, product);
    expect(mail.subject).toBe("Termoclima: Daikin Sensira 35 vuelve a estar disponible");
    expect(mail.text).toContain("https://tienda.example/tienda/detalle/aires/20");
    expect(mail.text.replace(/\s/g, " ")).toContain("Precio: 649,00 €");
    expect(mail.text).toContain("Este es el único correo");
  });
});

import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, rejectCookies, screenshot } from "./helpers";

/*
 * The content and legal pages of spec section 2 (servicios, reformas, presupuesto, the four
 * -info guides, the legal pages): each answers 200 with its one h1, its own title and
 * canonical link, the facts of spec sections 1 and 9, and no serious accessibility issue.
 */
type ContentPage = { path: string; h1: string | RegExp; title: RegExp; texts: (string | RegExp)[] };

const PAGES: ContentPage[] = [
  {
    path: "/servicios",
    h1: "Nuestros servicios",
    title: /^Servicios/,
    texts: [
      "más de 15 años",
      "Guadalajara y el norte de Toledo",
      "Visita gratuita en 24 horas",
      "Presupuesto en 3-5 días",
      "Instalación en 24-48 horas",
      "6 meses en mano de obra",
      "2 años en piezas",
      "302,00 €",
      "1.075,00 €",
      "80,00 €",
      "85,00 € al año",
      "salida de humos horizontal de como máximo 70 cm",
      "+300",
      "horas de servicio postventa",
    ],
  },
  {
    path: "/reformas",
    h1: "Reformas de vivienda",
    title: /^Reformas de vivienda/,
    texts: ["Visita gratuita", "Presupuesto en 3-5 días", "+500", "instalaciones"],
  },
  {
    path: "/presupuesto",
    h1: "Pida su presupuesto",
    title: /^Pida su presupuesto sin compromiso/,
    texts: ["Le visitamos sin compromiso y gratis", "Le visitamos gratis en 24 horas", "3-5 días", "Qué conviene tener a mano"],
  },
  {
    path: "/calderas-info",
    h1: "¿Te ayudamos a escoger tu caldera?",
    title: /caldera/,
    texts: ["hasta 24 kW", "de 24 a 30 kW", "30 kW o más", "condensación", "propano", "Hermann se ofrecen solo para gas natural", "cada 2 años"],
  },
  {
    path: "/aires-info",
    h1: "¿Te ayudamos a escoger tu aire acondicionado?",
    title: /aire acondicionado/,
    texts: ["hasta 3 kW", "de 3 a 4 kW", "4 kW o más", "R-32", "decibelios (dB)", "SEER"],
  },
  {
    path: "/aerotermia-info",
    h1: "¿Te ayudamos a escoger tu equipo de aerotermia?",
    title: /aerotermia/,
    texts: ["hasta 10 kW", "de 10 a 15 kW", "15 kW o más", "suelo radiante", "1.075,00 €"],
  },
  {
    path: "/termostatos-info",
    h1: "¿Te ayudamos a escoger tu termostato?",
    title: /termostato/,
    texts: ["Analógico", "Digital", "Wifi", "220 V", "80,00 €", "10 m"],
  },
  {
    path: "/politica-cookies",
    h1: "Política de cookies",
    title: /^Política de cookies/,
    texts: ["cookie_consent", "carrito", "better-auth.session_token", "12 meses", "30 días", "no guarda nada en el almacenamiento local", "react-router-scroll-positions"],
  },
  {
    path: "/politica-privacidad",
    h1: "Política de privacidad",
    title: /^Política de privacidad/,
    texts: [
      "Termoclima Madrid S.L.",
      "B12345674",
      "Trello, de Atlassian",
      "Google",
      "Data Privacy Framework",
      "cláusulas contractuales tipo",
      "Rectificación",
      "Portabilidad",
      "Retirada del consentimiento",
      "Agencia Española de Protección de Datos",
    ],
  },
  {
    path: "/condiciones-compra",
    h1: "Condiciones de compra",
    title: /^Condiciones de compra/,
    texts: [
      "14 días naturales",
      "1 a 5 días",
      "72 horas",
      "24 horas",
      "gastos de devolución corren a su cargo",
      "48 a 72 horas",
      "48 horas hábiles",
      "como máximo, en 30 días",
      "sin abrir",
      "cada 2 años",
      "cada 5 años",
      "copia privada",
      "certificado de exceptuación",
      "transferencia bancaria",
      "21 %",
      "19,95 €",
      "7,95 €",
      "Desistir del contrato",
      "Mis Pedidos",
      "Por la presente le comunico/comunicamos",
    ],
  },
  {
    path: "/aviso-legal",
    h1: "Aviso legal",
    title: /^Aviso legal/,
    texts: [
      "Termoclima Madrid S.L.",
      "B12345674",
      "Calle de Alcalá 100, 28009 Madrid",
      "Registro Mercantil de Madrid, tomo 12345, folio 67, hoja M-123456",
      "info@termoclima.example",
      "Propiedad intelectual",
      "Ley aplicable",
    ],
  },
];

const main = (page: Page) => page.getByRole("main");

test.describe("content and legal pages", () => {
  for (const content of PAGES) {
    test(`${content.path}: 200, one h1, its meta, its facts, accessible`, async ({ page, baseURL }, info) => {
      const response = await page.goto(content.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.h1);
      await expect(page).toHaveTitle(content.title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${content.path}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{60,}/);
      for (const text of content.texts) await expect(main(page)).toContainText(text);

      // The EU online dispute resolution platform closed in July 2025: never named nor linked.
      const text = await page.locator("body").innerText();
      expect(text).not.toMatch(/\bODR\b|resolución de litigios en línea/i);
      await expect(page.locator('a[href*="ec.europa.eu/consumers/odr"]')).toHaveCount(0);

      await expectAccessible(page);
      await rejectCookies(page);
      await screenshot(page, { path: info.outputPath(`${content.path.slice(1)}.png`), fullPage: true });
    });
  }

  test("the calls to action lead to the contact form and the shop", async ({ page }) => {
    for (const path of ["/servicios", "/reformas", "/presupuesto"]) {
      await page.goto(path);
      await expect(main(page).getByRole("link", { name: "Pedir presupuesto" }).first()).toHaveAttribute("href", "/contacto");
    }
    await page.goto("/servicios");
    await expect(main(page).getByRole("link", { name: "Ver la tienda" })).toHaveAttribute("href", "/tienda");
    await rejectCookies(page);
    await main(page).getByRole("link", { name: "Pedir presupuesto" }).first().click();
    await expect(page).toHaveURL(/\/contacto$/);
  });
});

test.describe("help pages link to the catalogue", () => {
  const LINKS: Record<string, [string, string][]> = {
    "/calderas-info": [
      ["Ver calderas de condensación", "/tienda/calderas/calderas-condensacion"],
      ["Mantenimiento de calderas", "/tienda/mantenimientos"],
      ["Ver calderas para 40-100 m²", "/tienda/calderas/40m2"],
      ["Ver calderas para 100-180 m²", "/tienda/calderas/42m2"],
      ["Ver calderas para +180 m²", "/tienda/calderas/102m2"],
    ],
    "/aires-info": [
      ["Ver aires acondicionados", "/tienda/aires/aires"],
      ["Ver equipos para 1-10 m²", "/tienda/aires/40m2"],
      ["Ver equipos para 10-20 m²", "/tienda/aires/100m2"],
      ["Ver equipos para +20 m²", "/tienda/aires/180m2"],
    ],
    "/aerotermia-info": [
      ["Ver equipos de aerotermia", "/tienda/aerotermia/aerotermia-kits"],
      ["Ver equipos para 40-100 m²", "/tienda/aerotermia/40m2"],
      ["Ver equipos para 100-180 m²", "/tienda/aerotermia/100m2"],
      ["Ver equipos para +180 m²", "/tienda/aerotermia/180m2"],
    ],
    "/termostatos-info": [
      ["Ver termostatos", "/tienda/termostatos/termostatos"],
      ["Ver termostatos analógicos", "/tienda/termostatos/termostatos-analogicos"],
      ["Ver termostatos digitales", "/tienda/termostatos/termostatos-digitales"],
      ["Ver termostatos wifi", "/tienda/termostatos/termostatos-wifi"],
    ],
  };

  for (const [path, links] of Object.entries(LINKS)) {
    test(`${path}: buttons and filtered views`, async ({ page, request }) => {
      await page.goto(path);
      for (const [name, href] of links) {
        await expect(main(page).getByRole("link", { name, exact: true }).first()).toHaveAttribute("href", href);
        expect((await request.get(href)).status(), href).toBe(200);
      }
    });
  }

  test("a size link opens the catalogue with that size filter applied", async ({ page }) => {
    await page.goto("/calderas-info");
    await rejectCookies(page);
    await main(page).getByRole("link", { name: "Ver calderas para 100-180 m²" }).click();
    await expect(page).toHaveURL(/\/tienda\/calderas\/42m2$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calderas");
    await expect(main(page).getByRole("link", { name: "Quitar filtro 100-180 m²" })).toBeVisible();
  });
});

test.describe("cookie policy", () => {
  const status = (page: Page) => main(page).getByRole("status");

  test("shows the current decision and changes it with two equal buttons", async ({ page }) => {
    await page.goto("/politica-cookies");
    await expect(status(page)).toContainText("todavía no ha decidido");
    // Before a decision the banner offers the choice; the page does not repeat its buttons.
    await expect(main(page).getByRole("button")).toHaveCount(0);
    await rejectCookies(page);
    await expect(status(page)).toContainText("Ha rechazado");

    const accept = main(page).getByRole("button", { name: "Aceptar cookies" });
    const reject = main(page).getByRole("button", { name: "Rechazar cookies" });
    const style = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.backgroundColor, s.color, s.fontSize, s.fontWeight, s.borderColor, s.height].join("|");
    };
    expect(await accept.evaluate(style)).toBe(await reject.evaluate(style));

    await accept.click();
    await expect(status(page)).toContainText("Ha aceptado las cookies");
    await expect(page).toHaveURL(/\/politica-cookies$/);
    await page.reload();
    await expect(status(page)).toContainText("Ha aceptado las cookies");

    await main(page).getByRole("button", { name: "Rechazar cookies" }).click();
    await expect(status(page)).toContainText("Ha rechazado");
    await page.reload();
    await expect(status(page)).toContainText("Ha rechazado");
    await expectAccessible(page);
  });

  test("changing the decision works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/politica-cookies");
    await page.getByRole("button", { name: "Rechazar", exact: true }).click();
    await expect(page).toHaveURL(/\/politica-cookies$/);
    await expect(status(page)).toContainText("Ha rechazado");
    await main(page).getByRole("button", { name: "Aceptar cookies" }).click();
    await expect(page).toHaveURL(/\/politica-cookies$/);
    await expect(status(page)).toContainText("Ha aceptado las cookies");
    await context.close();
  });

  test("every cookie the site sets is listed on the page", async ({ page }) => {
    await page.goto("/tienda/mantenimientos");
    await rejectCookies(page);
    await page.getByRole("button", { name: "Añadir al carrito: Mantenimiento anual de caldera" }).click();
    await expect(page.getByText("Añadido al carrito.")).toBeVisible();
    const names = (await page.context().cookies()).map((cookie) => cookie.name).sort();
    expect(names).toEqual(["carrito", "cookie_consent"]);

    await page.goto("/politica-cookies");
    const table = main(page).getByRole("region", { name: "Cookies que usa esta web" });
    for (const name of names) await expect(table.getByRole("rowheader", { name, exact: true })).toBeVisible();

    // Web storage: nothing in localStorage; every sessionStorage key has its row.
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const keys = await page.evaluate(() => Object.keys(sessionStorage));
    expect(keys).toContain("react-router-scroll-positions");
    const session = main(page).getByRole("region", { name: "Datos del almacenamiento de sesión (sessionStorage)" });
    for (const key of keys) await expect(session.getByRole("rowheader", { name: key, exact: true })).toBeVisible();
  });
});

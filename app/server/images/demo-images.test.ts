import { describe, expect, it } from "vitest";
import { FAMILIES } from "~/domain/catalogue/product";
import { brandAccent, contrastRatio, drawProductSvg, type IllustrationInput } from "./demo-images.server";

const VIEWS = [1, 2, 3] as const;

const SAMPLES: Record<(typeof FAMILIES)[number], IllustrationInput> = {
  calderas: { family: "calderas", brand: "Baxi", model: "Platinum Compact 24/24F ECO", type: "condensacion", energyClass: "A" },
  termostatos: { family: "termostatos", brand: "Honeywell", model: "T87 Round", type: "analogico", energyClass: null },
  aires: { family: "aires", brand: "Daikin", model: "TXF35A Sensira", type: "split", energyClass: "A++" },
  aerotermia: { family: "aerotermia", brand: "Mitsubishi", model: "Ecodan PUZ-WM85VAA", type: "bibloc", energyClass: "A+++" },
};

/** Checks that every tag is closed in order: a cheap well-formedness test without a DOM parser. */
function tagsBalance(svg: string): boolean {
  const stack: string[] = [];
  const tags = [...svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)];
  if (tags.length !== svg.split("<").length - 1) return false;
  for (const [, close, name, , selfClose] of tags) {
    if (selfClose) continue;
    if (!close) stack.push(name ?? "");
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

/** Text outside tags must not hold a raw "<", ">" or an unescaped "&". */
function textIsEscaped(svg: string): boolean {
  const text = svg.replace(/<[^<>]*>/g, "");
  return !/[<>]/.test(text) && !/&(?!(amp|lt|gt|quot|apos);)/.test(text);
}

describe("drawProductSvg", () => {
  for (const family of FAMILIES) {
    for (const view of VIEWS) {
      it(`draws a complete SVG for ${family}, view ${view}`, () => {
        const svg = drawProductSvg(SAMPLES[family], view);
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg.endsWith("</svg>")).toBe(true);
        expect(svg).toContain('viewBox="0 0 400 400"');
        expect(svg).toContain('width="400" height="400"');
        expect(svg).toContain('role="img"');
        expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
        expect(svg).toContain(SAMPLES[family].brand);
        expect(svg).toContain(SAMPLES[family].model);
        expect(svg).not.toMatch(/NaN|undefined|Infinity|null/);
        expect(tagsBalance(svg)).toBe(true);
        expect(textIsEscaped(svg)).toBe(true);
        expect(svg.length).toBeLessThan(8000);
        // Every referenced gradient, pattern, filter or marker is defined.
        for (const [, id] of svg.matchAll(/url\(#([\w-]+)\)/g)) expect(svg).toContain(`id="${id}"`);
      });
    }
  }

  it("writes a Spanish title naming the product and the view", () => {
    expect(drawProductSvg(SAMPLES.calderas, 1)).toContain("<title id=\"t\">Caldera Baxi Platinum Compact 24/24F ECO, vista frontal</title>");
    expect(drawProductSvg(SAMPLES.aires, 2)).toContain("Aire acondicionado Daikin TXF35A Sensira, vista de la unidad exterior");
  });

  it("escapes special characters in brand, model and title", () => {
    const product: IllustrationInput = { ...SAMPLES.calderas, brand: "A&B <Calor>", model: `X<&"'>Y 24` };
    for (const view of VIEWS) {
      const svg = drawProductSvg(product, view);
      expect(svg).toContain("A&amp;B &lt;Calor&gt;");
      expect(svg).toContain("X&lt;&amp;&quot;&apos;&gt;Y 24");
      expect(svg).not.toContain("<Calor>");
      expect(svg).not.toContain('X<&"');
      expect(tagsBalance(svg)).toBe(true);
      expect(textIsEscaped(svg)).toBe(true);
    }
  });

  it("keeps long names inside the canvas by shrinking, wrapping or truncating", () => {
    const product: IllustrationInput = {
      family: "aires",
      brand: "Compañía Internacional de Climatización Avanzada",
      model: "Modelo extremadamente largo con muchas palabras para comprobar que el texto nunca se sale del lienzo",
      type: "split",
      energyClass: null,
    };
    for (const view of VIEWS) {
      const svg = drawProductSvg(product, view);
      expect(tagsBalance(svg)).toBe(true);
      for (const [, x, y] of svg.matchAll(/<tspan x="([\d.-]+)" y="([\d.-]+)"/g)) {
        expect(Number(x)).toBeGreaterThanOrEqual(0);
        expect(Number(x)).toBeLessThanOrEqual(400);
        expect(Number(y)).toBeLessThanOrEqual(396);
      }
      for (const [, size] of svg.matchAll(/<text font-size="([\d.]+)"/g)) expect(Number(size)).toBeGreaterThanOrEqual(6);
    }
  });

  it("still draws with empty strings or an unknown energy class", () => {
    const svg = drawProductSvg({ family: "termostatos", brand: "", model: "", type: "", energyClass: "Z" }, 1);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).not.toMatch(/NaN|undefined/);
    expect(tagsBalance(svg)).toBe(true);
  });

  it("is deterministic", () => {
    for (const family of FAMILIES) {
      for (const view of VIEWS) expect(drawProductSvg(SAMPLES[family], view)).toBe(drawProductSvg({ ...SAMPLES[family] }, view));
    }
  });

  it("draws three different views per product", () => {
    for (const family of FAMILIES) {
      const views = VIEWS.map((view) => drawProductSvg(SAMPLES[family], view));
      expect(new Set(views).size).toBe(3);
    }
  });

  it("draws a dial for analogue thermostats and a screen for digital ones", () => {
    const analog = drawProductSvg({ ...SAMPLES.termostatos, type: "analogico" }, 1);
    const digital = drawProductSvg({ ...SAMPLES.termostatos, type: "digital" }, 1);
    expect(analog).toContain("url(#kn)");
    expect(digital).not.toContain("url(#kn)");
    expect(digital).toContain("21,5°");
  });

  it("gives brands distinct, readable accent colours", () => {
    const known = ["Baxi", "Saunier Duval", "Hermann", "Ferroli", "Intergas", "Honeywell", "Orkli", "Daikin", "Mitsubishi", "Fujitsu", "Junkers"];
    const colours = known.map(brandAccent);
    expect(new Set(colours).size).toBe(known.length);
    expect(brandAccent("saunier  duval ")).toBe(brandAccent("Saunier Duval"));
    for (const brand of [...known, "Acme", "Vaillant", "Ariston", "Cointra", "Beretta", "Zzz", ""]) {
      const colour = brandAccent(brand);
      expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastRatio(colour, "#f8e4cf")).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colour, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    }
    expect(brandAccent("Vaillant")).toBe(brandAccent("Vaillant"));
    expect(brandAccent("Vaillant")).not.toBe(brandAccent("Ariston"));
    // Same family, different brands: different pictures.
    expect(drawProductSvg({ ...SAMPLES.aires, brand: "Fujitsu" }, 1)).not.toBe(drawProductSvg(SAMPLES.aires, 1));
  });
});

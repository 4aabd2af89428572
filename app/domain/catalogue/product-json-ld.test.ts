import { describe, expect, it } from "vitest";
import type { CatalogueProduct } from "./product";
import {
  absoluteUrl,
  energyEfficiencyCategory,
  metaDescription,
  productJsonLd,
  serializeJsonLd,
} from "./product-json-ld";

const boiler = {
  id: 3,
  family: "calderas",
  slug: "hermann-micracom-condens-30",
  brand: "Hermann",
  model: "Micracom Condens 30",
  priceCents: 139950,
  stock: 3,
  description: "Caldera de condensación de 30 kW.",
  energyClass: "A",
} as CatalogueProduct;

describe("productJsonLd", () => {
  it("describes the product, its offer in euros and its EU energy class", () => {
    const ld = productJsonLd(boiler, { baseUrl: "https://tienda.example", images: ["/img/1.svg", "https://cdn.example/2.svg"] });
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Hermann Micracom Condens 30",
      brand: { "@type": "Brand", name: "Hermann" },
      model: "Micracom Condens 30",
      sku: "hermann-micracom-condens-30",
      image: ["https://tienda.example/img/1.svg", "https://cdn.example/2.svg"],
      description: "Caldera de condensación de 30 kW.",
      offers: {
        "@type": "Offer",
        price: "1399.50",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        url: "https://tienda.example/tienda/detalle/calderas/3",
      },
      hasEnergyConsumptionDetails: {
        "@type": "EnergyConsumptionDetails",
        hasEnergyEfficiencyCategory: "https://schema.org/EUEnergyEfficiencyCategoryA",
      },
    });
  });

  it("a sold-out thermostat: out of stock, no energy class", () => {
    const ld = productJsonLd({ ...boiler, family: "termostatos", stock: 0, energyClass: null }, { baseUrl: "", images: [] });
    expect(ld.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
    expect(ld).not.toHaveProperty("hasEnergyConsumptionDetails");
  });
});

describe("helpers", () => {
  it("maps the plus classes to schema.org's names", () => {
    expect(energyEfficiencyCategory("A+++")).toBe("https://schema.org/EUEnergyEfficiencyCategoryA3Plus");
    expect(energyEfficiencyCategory("A++")).toBe("https://schema.org/EUEnergyEfficiencyCategoryA2Plus");
    expect(energyEfficiencyCategory("A+")).toBe("https://schema.org/EUEnergyEfficiencyCategoryA1Plus");
    expect(energyEfficiencyCategory("G")).toBe("https://schema.org/EUEnergyEfficiencyCategoryG");
  });

  it("makes paths absolute on the base URL", () => {
    expect(absoluteUrl("https://a.example", "/x")).toBe("https://a.example/x");
    expect(absoluteUrl("https://a.example", "x")).toBe("https://a.example/x");
    expect(absoluteUrl("https://a.example", "http://b.example/y")).toBe("http://b.example/y");
  });

  it("escapes < so a description cannot close the script element", () => {
    const text = serializeJsonLd({ description: "</script><script>alert(1)</script> <!--" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ description: "</script><script>alert(1)</script> <!--" });
  });

  it("cuts a meta description at a word, with an ellipsis, within the limit", () => {
    const long = "Caldera mixta de condensación compacta, pensada para pisos pequeños con un solo baño. ".repeat(3);
    const short = metaDescription(long);
    expect(short.length).toBeLessThanOrEqual(150);
    expect(short.endsWith("…")).toBe(true);
    expect(long.startsWith(short.slice(0, -1))).toBe(true);
    expect(long.charAt(short.length - 1)).toMatch(/[\s,.]/);
    expect(metaDescription("  Corta.  ")).toBe("Corta.");
  });
});

import { getTableColumns, sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ENERGY_CLASSES, FAMILIES, type Dimensions, type ProductPhoto } from "~/domain/catalogue/product";
import { createdAt, foldedLower, tsvector, updatedAt } from "../db/columns.server";

/* The catalogue's table (docs/decisions/0026-schema-by-area.md). */

/** What search reads of a product: brand, model and type (issue 15). */
const SEARCHED = "brand || ' ' || model || ' ' || type";

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    family: text("family", { enum: FAMILIES }).notNull(),
    slug: text("slug").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    type: text("type").notNull(),
    priceCents: integer("price_cents").notNull(),
    previousPriceCents: integer("previous_price_cents"),
    promotion: boolean("promotion").notNull().default(false),
    promotionDiscountCents: integer("promotion_discount_cents"),
    deal: boolean("deal").notNull().default(false),
    stock: integer("stock").notNull().default(0),
    /** The back office lists the product as low on stock at or below this (issue 11). */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(2),
    certification: text("certification"),
    description: text("description").notNull(),
    description2: text("description2").notNull().default(""),
    image: text("image").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    /** The owner's uploaded photos, main first (app/server/catalogue); empty: the demo images above. */
    photos: jsonb("photos").$type<ProductPhoto[]>().notNull().default([]),
    energyClass: text("energy_class", { enum: ENERGY_CLASSES }),
    powerKw: doublePrecision("power_kw"),
    flowLpm: doublePrecision("flow_lpm"),
    heatingPowerKw: doublePrecision("heating_power_kw"),
    accumulator: text("accumulator"),
    heatPump: boolean("heat_pump"),
    wifi: boolean("wifi"),
    mainsPowered: boolean("mains_powered"),
    coolingCapacityFgh: integer("cooling_capacity_fgh"),
    noiseIndoorDb: doublePrecision("noise_indoor_db"),
    noiseOutdoorDb: doublePrecision("noise_outdoor_db"),
    refrigerant: text("refrigerant"),
    inverter: boolean("inverter"),
    controller: text("controller"),
    dimensions: jsonb("dimensions").$type<Dimensions>(),
    dimensionsOutdoor: jsonb("dimensions_outdoor").$type<Dimensions>(),
    dimensionsIndoor: jsonb("dimensions_indoor").$type<Dimensions>(),
    dimensionsTank: jsonb("dimensions_tank").$type<Dimensions>(),
    // Issue 15: what the comparison and the sizing advisor line up, and the EU product database.
    /** Seasonal energy efficiency ratio (cooling), air conditioners and aerothermal units. */
    seer: doublePrecision("seer"),
    /** Seasonal coefficient of performance (heating, average climate). */
    scop: doublePrecision("scop"),
    /** Sound power level of the outdoor unit (or the unit), dB(A), as on the energy label. */
    soundPowerDb: doublePrecision("sound_power_db"),
    /** Registration number in EPREL, the EU product database (Regulation 2017/1369). */
    eprelNumber: text("eprel_number"),
    /**
     * Holds fluorinated gas and is not hermetically sealed (a split): sold without our
     * installation only with the buyer's declaration (Real Decreto 115/2017, decision 0012).
     */
    fgasNotSealed: boolean("fgas_not_sealed").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What search matches (issue 15, app/server/catalogue/search): brand, model and type,
     * lower case with accents folded as ~/domain/catalogue/search-folding does, for the trigram index
     * (one typo) and the text search vector below.
     */
    searchText: text("search_text").generatedAlwaysAs(foldedLower(SEARCHED)),
    searchVector: tsvector("search_vector").generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, ${foldedLower(SEARCHED)})`),
  },
  (t) => [
    uniqueIndex("products_slug_unique").on(t.slug),
    index("products_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_family_idx").on(t.family),
    // The shop's catalogue pages (app/server/catalogue/catalogue.server.ts), visible rows only:
    // a family's page in price order, stopping after the page, with brand and power in the key so
    // the filters and the count are read from the index alone; and brand (then power) filters.
    index("products_shop_price_idx").on(t.family, t.priceCents, t.id, t.brand, t.powerKw).where(sql`${t.active}`),
    index("products_shop_brand_idx").on(t.family, t.brand, t.powerKw).where(sql`${t.active}`),
    check("products_price_positive", sql`${t.priceCents} >= 0`),
    check("products_stock_not_negative", sql`${t.stock} >= 0`),
    // The EU energy label is mandatory online for these families (Regulation 2017/1369).
    check(
      "products_energy_class_required",
      sql`${t.family} = 'termostatos' OR ${t.energyClass} IS NOT NULL`,
    ),
  ],
);

/**
 * A product as the app reads it: every column but the generated search ones (issue 15), which
 * only the search's SQL uses and which must not travel in a page's data.
 */
const { searchText: _searchText, searchVector: _searchVector, ...productColumns } = getTableColumns(products);
export { productColumns };
export type Product = Omit<typeof products.$inferSelect, "searchText" | "searchVector">;
export type NewProduct = typeof products.$inferInsert;

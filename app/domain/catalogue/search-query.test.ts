import { describe, expect, it } from "vitest";
import {
  asksForSomething,
  MAX_WORDS,
  parseSearchQuery,
  powerMatches,
  powerWindow,
  queryLabels,
  withinOneEdit,
  type PowerAsked,
} from "./search-query";
import { MAX_QUERY_LENGTH } from "./search-field";
import { cleanQueryText } from "./search-state";

const parse = (text: string) => parseSearchQuery(text);
const about = (text: string) => {
  const power = parse(text).power;
  return power?.kind === "about" ? power.kw : power;
};

describe("parseSearchQuery: case and accents", () => {
  it("folds case and accents in what is left to match", () => {
    expect(parse("DAIKIN Sensíra").words).toEqual(["daikin", "sensira"]);
    expect(parse("Calefacción").families).toEqual(parse("calefaccion").families);
    expect(parse("CALDERA DE CONDENSACIÓN")).toMatchObject({ families: ["calderas"], types: { calderas: ["Condensación", "Mixta condensación"] }, words: [] });
    expect(parse("Aerotermia Mitsubishi").words).toEqual(["mitsubishi"]);
  });

  it("splits model codes on symbols, as the database's text search does", () => {
    expect(parse("MSZ-HR35VF").words).toEqual(["msz", "hr35vf"]);
    expect(parse("Platinum Compact 24/24F").words).toEqual(["platinum", "compact", "24", "24f"]);
  });
});

describe("parseSearchQuery: the customer's words", () => {
  it.each([
    ["aire", ["aires"]],
    ["aires", ["aires"]],
    ["aire acondicionado", ["aires"]],
    ["Aires Acondicionados Daikin", ["aires"]],
    ["split", ["aires"]],
    ["climatización", ["aires"]],
    ["caldera", ["calderas"]],
    ["caldera de gas", ["calderas"]],
    ["aerotermia", ["aerotermia"]],
    ["bomba de calor aire-agua", ["aerotermia"]],
    ["termostato", ["termostatos"]],
    ["cronotermostato", ["termostatos"]],
    ["calefacción", ["calderas", "aerotermia"]],
  ])("%s: %j", (text, families) => {
    expect(parse(text).families).toEqual(families);
  });

  it("reads product types within their family", () => {
    expect(parse("caldera mixta")).toMatchObject({ families: ["calderas"], types: { calderas: ["Mixta condensación"] }, words: [] });
    expect(parse("monobloc")).toMatchObject({ families: ["aerotermia"], types: { aerotermia: ["Monobloc"] } });
    expect(parse("aerotermia bibloc daikin")).toMatchObject({
      families: ["aerotermia"],
      types: { aerotermia: ["Bibloc", "Bibloc con depósito integrado"] },
      words: ["daikin"],
    });
    expect(parse("split de pared")).toMatchObject({ families: ["aires"], types: { aires: ["Split pared"] } });
    expect(parse("aire de conductos")).toMatchObject({ families: ["aires"], types: { aires: ["Conductos"] } });
    expect(parse("termostato analógico").types).toEqual({ termostatos: ["analogico"] });
    expect(parse("caldera mixta de condensación").types).toEqual({ calderas: ["Mixta condensación"] });
    expect(parse("monobloc o bibloc").types).toEqual({ aerotermia: ["Monobloc", "Bibloc", "Bibloc con depósito integrado"] });
  });

  it("reads features: wifi, bomba de calor, inverter", () => {
    expect(parse("termostato wifi")).toMatchObject({ families: ["termostatos"], flags: ["wifi"], words: [] });
    expect(parse("Termostato Wi-Fi Honeywell")).toMatchObject({ families: ["termostatos"], flags: ["wifi"], words: ["honeywell"] });
    expect(parse("bomba de calor")).toMatchObject({ families: [], flags: ["heatPump"], words: [] });
    expect(parse("aire acondicionado inverter con bomba de calor")).toMatchObject({ families: ["aires"], flags: ["inverter", "heatPump"], words: [] });
  });

  it("drops words that name no product, keeps the others once", () => {
    expect(parse("quiero comprar una caldera baxi barata").words).toEqual(["baxi"]);
    expect(parse("daikin daikin").words).toEqual(["daikin"]);
    expect(parse("de la")).toMatchObject({ words: [], families: [] });
    expect(asksForSomething(parse("de la"))).toBe(false);
    expect(asksForSomething(parse("¿?¡!"))).toBe(false);
    expect(asksForSomething(parse("split"))).toBe(true);
    expect(asksForSomething(parse("3 kw"))).toBe(true);
  });
});

describe("parseSearchQuery: one typo", () => {
  it("knows the shop's words with one letter wrong, missing, extra or two swapped", () => {
    expect(parse("calderra").families).toEqual(["calderas"]);
    expect(parse("aerotermai").families).toEqual(["aerotermia"]);
    expect(parse("termostao wifi")).toMatchObject({ families: ["termostatos"], flags: ["wifi"] });
    expect(parse("aire acondicinado").families).toEqual(["aires"]);
    expect(parse("caldera de condensasion").types).toEqual({ calderas: ["Condensación", "Mixta condensación"] });
  });

  it("leaves short words and two typos alone (the database judges brand and model typos)", () => {
    expect(parse("gaz").words).toEqual(["gaz"]);
    expect(parse("caldeeraa").words).toEqual(["caldeeraa"]);
    expect(parse("daiken").words).toEqual(["daiken"]);
  });

  it("withinOneEdit", () => {
    expect(withinOneEdit("caldera", "caldera")).toBe(true);
    expect(withinOneEdit("calera", "caldera")).toBe(true);
    expect(withinOneEdit("caldiera", "caldera")).toBe(true);
    expect(withinOneEdit("calderq", "caldera")).toBe(true);
    expect(withinOneEdit("claders", "caldera")).toBe(false);
    expect(withinOneEdit("acldera", "caldera")).toBe(true);
    expect(withinOneEdit("cladera", "caldera")).toBe(true);
    expect(withinOneEdit("caldreas", "calderas")).toBe(true);
    expect(withinOneEdit("cal", "caldera")).toBe(false);
  });
});

describe("parseSearchQuery: powers as customers write them", () => {
  it.each([
    ["24 kW", 24],
    ["24kw", 24],
    ["24 KW", 24],
    ["3,5kw", 3.5],
    ["3.5 kW", 3.5],
    ["3,5 kilovatios", 3.5],
    ["caldera de 30 kw", 30],
  ])("%s is %s kW", (text, kw) => {
    expect(about(text)).toBe(kw);
  });

  it("reads frigorías (860 a kW), BTU and watts, and says frigorías of air conditioners", () => {
    expect(parse("3000 frigorías")).toMatchObject({ power: { kind: "about", kw: 3.49, value: 3000, unit: "frigorias" }, families: ["aires"], words: [] });
    expect(about("3000 frigorias")).toBe(3.49);
    expect(about("3000 fg")).toBe(3.49);
    expect(about("3000fg/h")).toBe(3.49);
    expect(about("3.000 frigorías")).toBe(3.49);
    expect(about("2250 frigorias/hora")).toBe(2.62);
    expect(about("12000 btu")).toBe(3.52);
    expect(about("3500 w")).toBe(3.5);
    expect(parse("aerotermia 6000 frigorias").families).toEqual(["aerotermia"]);
  });

  it("reads ranges", () => {
    expect(parse("de 3 a 4 kw").power).toEqual({ kind: "range", fromKw: 3, toKw: 4 });
    expect(parse("entre 20 y 25 kW").power).toEqual({ kind: "range", fromKw: 20, toKw: 25 });
    expect(parse("aire 2,5-3,5kw").power).toEqual({ kind: "range", fromKw: 2.5, toKw: 3.5 });
    expect(parse("aire 2,5-3,5kw").words).toEqual([]);
  });

  it("keeps bare numbers and codes as words to match models", () => {
    expect(parse("micracom 24")).toMatchObject({ power: null, words: ["micracom", "24"] });
    expect(parse("SDH 20-025NW")).toMatchObject({ power: null, words: ["sdh", "20", "025nw"] });
    expect(parse("TW-3 20w")).toMatchObject({ power: null, words: ["tw", "3", "20w"] });
  });

  it("selects products within the tolerance of the stated power", () => {
    const fg3000 = parse("3000 frigorías").power!;
    expect(powerWindow(fg3000)).toEqual({ minKw: 3.14, maxKw: 3.84, targetKw: 3.49 });
    expect([2.5, 3, 3.5, 4].filter((kw) => powerMatches(fg3000, kw))).toEqual([3.5]);
    const boiler24: PowerAsked = parse("24 kW").power!;
    expect([20, 24, 25, 28].filter((kw) => powerMatches(boiler24, kw))).toEqual([24, 25]);
    expect(powerMatches(boiler24, null)).toBe(false);
    const range = parse("de 3 a 4 kw").power!;
    expect([2.5, 3, 3.5, 4, 4.2].filter((kw) => powerMatches(range, kw))).toEqual([3, 3.5, 4]);
  });
});

describe("parseSearchQuery while typing (the suggestions)", () => {
  it("reads a last word begun as the shop's word", () => {
    expect(parseSearchQuery("aerot", { typing: true })).toMatchObject({ families: ["aerotermia"], words: [] });
    expect(parseSearchQuery("aire acond", { typing: true })).toMatchObject({ families: ["aires"], words: [] });
    expect(parseSearchQuery("termostato wif", { typing: true })).toMatchObject({ flags: ["wifi"] });
    expect(parseSearchQuery("aerot").words).toEqual(["aerot"]);
  });

  it("leaves brands and short beginnings as words", () => {
    expect(parseSearchQuery("dai", { typing: true }).words).toEqual(["dai"]);
    expect(parseSearchQuery("ca", { typing: true }).words).toEqual(["ca"]);
    expect(parseSearchQuery("aerot daikin", { typing: true }).words).toEqual(["aerot", "daikin"]);
  });
});

describe("limits", () => {
  it("cuts the text and the number of words, and removes control characters", () => {
    expect(parse("x".repeat(300)).text).toHaveLength(MAX_QUERY_LENGTH);
    expect(parse("a1 b2 c3 d4 e5 f6 g7 h8 i9 j10").words).toHaveLength(MAX_WORDS);
    expect(cleanQueryText("  daikin\u0000\n  3,5\tkw ")).toBe("daikin 3,5 kw");
  });
});

describe("queryLabels", () => {
  it("says what the query was read as, in Spanish", () => {
    expect(queryLabels(parse("3000 frigorías"))).toEqual(["Aires acondicionados", "Unos 3,49 kW (3000 frigorías/h)"]);
    expect(queryLabels(parse("caldera mixta 24kw"))).toEqual(["Calderas: Mixta condensación", "Unos 24 kW"]);
    expect(queryLabels(parse("termostato wifi analógico"))).toEqual(["Termostatos: Analógico", "Con wifi"]);
    expect(queryLabels(parse("de 3 a 4,5 kw"))).toEqual(["De 3 a 4,5 kW"]);
    expect(queryLabels(parse("daikin"))).toEqual([]);
  });
});

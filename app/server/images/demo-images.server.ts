/**
 * Demo product illustrations: the three images of every product
 * (/imagenes/demo/{slug}-1.svg, -2.svg, -3.svg) drawn as small, deterministic SVG documents.
 * View 1 is the appliance front-on, view 2 another angle (or the other unit of the system),
 * view 3 the appliance in a room. The shapes live in demo-images-shapes.server.ts.
 */
import type { Family } from "~/domain/catalogue/product";
import * as s from "./demo-images-shapes.server";

/** The page shows the real EU energy label next to the image, so the drawing carries none. */
export type IllustrationInput = { family: Family; brand: string; model: string; type: string; energyClass?: string | null };

type Scene = { label: string; draw: (c: s.Ctx) => string };

const FAMILIES: Record<Family, { noun: string; bg: [string, string]; views: [Scene, Scene, Scene] }> = {
  calderas: {
    noun: "Caldera",
    bg: ["#fff7ee", "#f8e4cf"],
    views: [
      { label: "vista frontal", draw: s.boilerFrontView },
      { label: "vista en perspectiva con medidas", draw: s.boilerPerspectiveView },
      { label: "instalada en una cocina", draw: s.boilerKitchenView },
    ],
  },
  termostatos: {
    noun: "Termostato",
    bg: ["#f7f8fa", "#e4e8ed"],
    views: [
      { label: "vista frontal", draw: s.thermostatFrontView },
      { label: "vistas frontal y lateral con medidas", draw: s.thermostatDimensionsView },
      { label: "instalado en la pared del salón", draw: s.thermostatRoomView },
    ],
  },
  aires: {
    noun: "Aire acondicionado",
    bg: ["#f0f7fd", "#d5e8f7"],
    views: [
      { label: "vista frontal de la unidad interior", draw: s.splitFrontView },
      { label: "vista de la unidad exterior", draw: s.splitOutdoorView },
      { label: "instalado en un salón", draw: s.splitRoomView },
    ],
  },
  aerotermia: {
    noun: "Equipo de aerotermia",
    bg: ["#f1f9f1", "#d7edd9"],
    views: [
      { label: "vista frontal de la unidad exterior", draw: s.heatPumpFrontView },
      { label: "vista de la unidad interior y el depósito", draw: s.hydroTankView },
      { label: "instalado junto a una vivienda", draw: s.houseView },
    ],
  },
};

// ---------------------------------------------------------------- colours

/** Accent per known brand: distinct within each family and dark enough for text on the tints. */
const BRAND_ACCENTS: Record<string, string> = {
  baxi: "#a01441",
  "saunier duval": "#00695c",
  hermann: "#5e35b1",
  ferroli: "#b23c0a",
  intergas: "#1565c0",
  junkers: "#37474f",
  honeywell: "#c62828",
  orkli: "#283593",
  daikin: "#006aa6",
  mitsubishi: "#c4161c",
  fujitsu: "#7b1fa2",
};

/** Darkest surface brand text is drawn on (a little darker than any family tint). */
const DARKEST_BG = "#f5dcc0";

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function hslHex(h: number, sat: number, l: number): string {
  const f = (k: number) => {
    const kk = (k + h / 30) % 12;
    const v = l - sat * Math.min(l, 1 - l) * Math.max(-1, Math.min(kk - 3, 9 - kk, 1));
    return Math.round(v * 255).toString(16).padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** Fixed colour for known brands, otherwise a hue hashed from the name, darkened until readable. */
export function brandAccent(brand: string): string {
  const key = brand.normalize("NFD").replace(/[\u0300-\u036f]/g, "").trim().toLowerCase().replace(/\s+/g, " ");
  const known = BRAND_ACCENTS[key];
  if (known) return known;
  let hash = 2166136261;
  for (const ch of key) hash = Math.imul(hash ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  let l = 0.42;
  let colour = hslHex(hash % 360, 0.62, l);
  while (contrastRatio(colour, DARKEST_BG) < 5 && l > 0.1) colour = hslHex(hash % 360, 0.62, (l -= 0.02));
  return colour;
}

// ---------------------------------------------------------------- composition

const DEFS: Record<string, string> = {
  bg: "", // filled per family
  wg: `<linearGradient id="wg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#e6eaef"/></linearGradient>`,
  sg: `<linearGradient id="sg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d8dee5"/><stop offset="1" stop-color="#bcc4cd"/></linearGradient>`,
  mg: `<linearGradient id="mg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#97a1ac"/><stop offset=".45" stop-color="#e6e9ed"/><stop offset="1" stop-color="#8a94a0"/></linearGradient>`,
  cy: `<linearGradient id="cy" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d0d6dd"/><stop offset=".35" stop-color="#fff"/><stop offset="1" stop-color="#bac2cb"/></linearGradient>`,
  kn: `<radialGradient id="kn" cx=".4" cy=".35" r=".7"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#d6dce4"/></radialGradient>`,
  sky: `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cde7f8"/><stop offset="1" stop-color="#f3f9fd"/></linearGradient>`,
  tiles: `<pattern id="tiles" width="25" height="20.7" patternUnits="userSpaceOnUse"><rect width="25" height="20.7" fill="#fff"/><path d="M0 .5H25M.5 0V21" stroke="#e6ded2"/></pattern>`,
  sh: `<filter id="sh" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="6" stdDeviation="7" flood-color="#1d2935" flood-opacity=".18"/></filter>`,
  ar: `<marker id="ar" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 1L10 5L0 9z" fill="#5b6673"/></marker>`,
};

/** Only the gradients, patterns and filters the body actually references. */
function defsFor(body: string, bg: [string, string]): string {
  const defs = { ...DEFS, bg: `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>` };
  return Object.entries(defs).filter(([id]) => body.includes(`url(#${id})`)).map(([, def]) => def).join("");
}

/** Brand (large, accent colour) and model (up to two lines) under the appliance. */
function caption(c: s.Ctx): string {
  const b = s.fitText(c.brand, 340, 26, 12, true);
  const m = s.fitText(c.model, 340, 17, 10, false, 2);
  return s.textLines(b.lines, 200, 338, b.size, { fill: c.accent, bold: true }) + s.textLines(m.lines, 200, 362, m.size, { fill: "#27303a" });
}

/** White card at the bottom of the in-room view. */
function captionCard(c: s.Ctx): string {
  const b = s.fitText(c.brand, 290, 22, 11, true);
  const m = s.fitText(c.model, 290, 15, 9, false, 2);
  const top = m.lines.length > 1 ? 312 : 326;
  const card = `<rect x="40" y="${top}" width="320" height="${392 - top}" rx="14" fill="#fff" fill-opacity=".95" filter="url(#sh)"/>`;
  if (!c.model) return card + s.textLines(b.lines, 200, 367, b.size, { fill: c.accent, bold: true });
  return card + s.textLines(b.lines, 200, top + 29, b.size, { fill: c.accent, bold: true }) + s.textLines(m.lines, 200, top + 50, m.size, { fill: "#27303a" });
}

export function drawProductSvg(product: IllustrationInput, view: 1 | 2 | 3): string {
  const family = FAMILIES[product.family] ?? FAMILIES.calderas;
  const scene = family.views[view === 2 ? 1 : view === 3 ? 2 : 0];
  const brand = String(product.brand ?? "").trim();
  const model = String(product.model ?? "").trim();
  const type = String(product.type ?? "");
  const ctx: s.Ctx = {
    accent: brandAccent(brand),
    brand,
    model,
    analog: /anal[oó]gic/i.test(type),
    wifi: /wi-?fi|wlan|smart|conectad/i.test(`${type} ${model}`),
  };
  const inRoom = scene === family.views[2];
  const body = inRoom
    ? scene.draw(ctx) + captionCard(ctx)
    : `<rect width="400" height="400" fill="url(#bg)"/>${scene.draw(ctx)}${caption(ctx)}`;
  const title = `${family.noun} ${brand} ${model}`.replace(/\s+/g, " ").trim() + `, ${scene.label}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-labelledby="t" font-family="system-ui, sans-serif"><title id="t">${s.esc(title)}</title><defs>${defsFor(body, family.bg)}</defs>${body}</svg>`;
}

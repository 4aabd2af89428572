/**
 * Drawing primitives and per-family scenes for the demo product illustrations.
 * Every scene draws in the 400 x 400 canvas and leaves y > 305 free for the caption
 * (views 1 and 2) or paints a full room behind the caption card (view 3).
 * See demo-images.server.ts for the entry point.
 */

/** What a scene needs to know about the product; brand and model are raw (unescaped). */
export type Ctx = { accent: string; brand: string; model: string; analog: boolean; wifi: boolean };

// ---------------------------------------------------------------- text

export function esc(s: string): string {
  return (
    s
      // Characters XML 1.0 does not allow at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/** Rounded number for attributes: short output and never "NaN". */
export const n = (v: number): string => (Number.isFinite(v) ? String(Math.round(v * 10) / 10) : "0");

/** Pessimistic width of one character in em (wide enough for DejaVu Sans and similar fallbacks). */
function charEm(ch: string): number {
  if (" .,:;'|!iIjlft()[]-".includes(ch)) return 0.36;
  if ("MWmw@%".includes(ch)) return 0.96;
  if (/[A-Z]/.test(ch)) return 0.76;
  if (/[0-9]/.test(ch)) return 0.64;
  return 0.62;
}

export function textWidth(s: string, size: number, bold = false): number {
  let em = 0;
  for (const ch of s) em += charEm(ch);
  return em * size * (bold ? 1.1 : 1);
}

/** Splits text in two lines of similar width, at a space when there is one. */
function splitTwo(s: string, bold: boolean): [string, string] {
  const chars = [...s];
  let best: [string, string] = [chars.slice(0, Math.ceil(chars.length / 2)).join(""), chars.slice(Math.ceil(chars.length / 2)).join("")];
  let bestW = Infinity;
  // Break at a space (dropped) or after a hyphen, slash or plus (kept); spaces win ties.
  chars.forEach((ch, i) => {
    if (!" -/+".includes(ch)) return;
    const a = chars.slice(0, ch === " " ? i : i + 1).join("").trim();
    const b = chars.slice(i + 1).join("").trim();
    const w = Math.max(textWidth(a, 1, bold), textWidth(b, 1, bold)) * (ch === " " ? 1 : 1.15);
    if (a && b && w < bestW) [best, bestW] = [[a, b], w];
  });
  return best;
}

function truncate(s: string, maxW: number, size: number, bold: boolean): string {
  const chars = [...s];
  if (textWidth(s, size, bold) <= maxW) return s;
  while (chars.length > 1 && textWidth(chars.join("") + "…", size, bold) > maxW) chars.pop();
  return chars.join("").trimEnd() + "…";
}

/** Lines and font size that keep `text` within maxW: shrinks, then wraps, then truncates. */
export function fitText(text: string, maxW: number, size: number, minSize: number, bold = false, maxLines = 1) {
  const t = text.replace(/\s+/g, " ").trim();
  const sizeFor = (lines: string[]) => Math.min(size, ...lines.map((l) => maxW / Math.max(textWidth(l, 1, bold), 0.01)));
  let lines = [t];
  let fit = sizeFor(lines);
  if (fit < size * 0.85 && maxLines > 1 && t.length > 1) {
    const two = splitTwo(t, bold);
    if (sizeFor(two) > fit) [lines, fit] = [two, sizeFor(two)];
  }
  if (fit < minSize) [lines, fit] = [lines.map((l) => truncate(l, maxW, minSize, bold)), minSize];
  return { lines, size: Math.floor(fit * 10) / 10 };
}

type TextOpts = { fill: string; bold?: boolean; anchor?: "start" | "middle" | "end"; lineHeight?: number };

export function textLines(lines: string[], x: number, y: number, size: number, o: TextOpts): string {
  const attrs = `font-size="${n(size)}" fill="${o.fill}"${o.bold ? ' font-weight="700"' : ""} text-anchor="${o.anchor ?? "middle"}"`;
  const spans = lines.map((l, i) => `<tspan x="${n(x)}" y="${n(y + i * size * (o.lineHeight ?? 1.22))}">${esc(l)}</tspan>`);
  return `<text ${attrs}>${spans.join("")}</text>`;
}

/** One line of text shrunk to fit maxW. */
export function label(s: string, x: number, y: number, maxW: number, size: number, o: TextOpts): string {
  const f = fitText(s, maxW, size, Math.min(size, 6), o.bold);
  return textLines(f.lines, x, y, f.size, o);
}

/** Small rounded tag such as "Alto" on a dimension arrow or "Unidad exterior" in a corner. */
export function pill(s: string, cx: number, cy: number, accent: string): string {
  const w = textWidth(s, 12) + 18;
  return `<rect x="${n(cx - w / 2)}" y="${n(cy - 11)}" width="${n(w)}" height="22" rx="11" fill="#fff" stroke="${accent}" stroke-width="1.5"/>${label(s, cx, cy + 4.5, w - 10, 12, { fill: "#27303a" })}`;
}

/** Dimension arrow with extension marks and a labelled pill in the middle. */
function dim(x1: number, y1: number, x2: number, y2: number, text: string, accent: string, at?: [number, number]): string {
  const [lx, ly] = at ?? [(x1 + x2) / 2, (y1 + y2) / 2];
  return `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke="#5b6673" stroke-width="1.5" marker-start="url(#ar)" marker-end="url(#ar)"/>${pill(text, lx, ly, accent)}`;
}

const g = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;

// ---------------------------------------------------------------- calderas

const VALVES = ["#d9534f", "#e8892b", "#f2c200", "#3b82c4", "#2f6fb0"];

/** Wall-hung boiler, local frame: casing 170 x 215 at the origin, flue from y -42, pipes to y 248. */
function boiler(c: Ctx): string {
  const pipes = VALVES.map((col, i) => {
    const x = 30 + i * 27.5;
    return `<rect x="${n(x - 5)}" y="205" width="10" height="43" fill="url(#mg)"/><rect x="${n(x - 8)}" y="224" width="16" height="10" rx="2" fill="${col}"/>`;
  }).join("");
  return `${pipes}<rect x="67" y="-42" width="36" height="46" fill="url(#mg)"/><ellipse cx="85" cy="-42" rx="18" ry="5" fill="#d9dee4"/><rect x="61" y="-8" width="48" height="10" rx="3" fill="#c3cad2"/>
<rect width="170" height="215" rx="14" fill="url(#wg)" stroke="#d3d8de" filter="url(#sh)"/><rect x="60" y="44" width="50" height="3" rx="1.5" fill="${c.accent}"/>${label(c.brand, 85, 34, 140, 16, { fill: c.accent, bold: true })}
<path d="M14 150H156" stroke="#dde1e6"/><rect x="16" y="160" width="138" height="42" rx="9" fill="#2a3039"/><rect x="55" y="168" width="60" height="26" rx="4" fill="#0f3b4c"/><text x="85" y="187" font-size="16" fill="#7fe0ff" text-anchor="middle">55°</text>
${[34, 136].map((x) => `<circle cx="${x}" cy="181" r="11" fill="#eef1f4"/><path d="M${x} 181V172" stroke="#2a3039" stroke-width="2" stroke-linecap="round"/>`).join("")}`;
}

export function boilerFrontView(c: Ctx): string {
  return g("translate(115 62)", boiler(c));
}

export function boilerPerspectiveView(c: Ctx): string {
  const side = `<path d="M235 86L281 62V242L235 266Z" fill="url(#sg)" stroke="#c7cdd4" stroke-linejoin="round"/><path d="M105 86L151 62H281L235 86Z" fill="#f7f8fa" stroke="#c7cdd4" stroke-linejoin="round"/>`;
  const flue = `<ellipse cx="193" cy="74" rx="17" ry="7" fill="#b8c0c9"/><rect x="176" y="24" width="34" height="50" fill="url(#mg)"/><ellipse cx="193" cy="24" rx="17" ry="6" fill="#e3e7eb"/>`;
  const pipes = [125, 150, 190, 215].map((x, i) => `<rect x="${x - 4}" y="262" width="8" height="22" fill="url(#mg)"/><rect x="${x - 7}" y="272" width="14" height="8" rx="2" fill="${VALVES[i + 1]}"/>`).join("");
  const front = `<rect x="105" y="86" width="130" height="180" fill="url(#wg)" stroke="#c7cdd4"/>${label(c.brand, 170, 112, 110, 14, { fill: c.accent, bold: true })}<rect x="150" y="120" width="40" height="3" rx="1.5" fill="${c.accent}"/><rect x="117" y="222" width="106" height="32" rx="7" fill="#2a3039"/><rect x="150" y="228" width="40" height="20" rx="3" fill="#0f3b4c"/>`;
  const dims = `<path d="M98 86H76M98 266H76M105 272V310M235 272V310M240 270l16 12M286 246l16 12" stroke="#9aa4af" stroke-dasharray="3 3"/>${dim(82, 86, 82, 266, "Alto", c.accent)}${dim(105, 302, 235, 302, "Ancho", c.accent)}${dim(248, 281, 298, 255, "Fondo", c.accent, [306, 288])}`;
  return `<g filter="url(#sh)">${side}${front}</g>${flue}${pipes}${dims}`;
}

export function boilerKitchenView(c: Ctx): string {
  const cabinets = [0, 100, 200, 300].map((x) => `<rect x="${x + 6}" y="282" width="88" height="118" rx="4" fill="#efe9e0" stroke="#d8cfc2"/><rect x="${x + 40}" y="292" width="20" height="4" rx="2" fill="#a99c8b"/>`).join("");
  return `<rect width="400" height="400" fill="#f6efe6"/><rect x="30" y="46" width="116" height="120" rx="4" fill="#fff" stroke="#ddd3c5" stroke-width="4"/><rect x="36" y="52" width="104" height="108" fill="url(#sky)"/><path d="M88 52V160M36 106H140" stroke="#fff" stroke-width="4"/>
<rect y="200" width="400" height="62" fill="url(#tiles)"/><rect y="262" width="400" height="14" fill="#9c7a5b"/><rect y="274" width="400" height="4" fill="#7d5f45"/>${cabinets}
<path d="M66 262h28l-4-24h-20z" fill="#c8754f"/><ellipse cx="72" cy="228" rx="7" ry="16" fill="#5e9c5a" transform="rotate(-25 72 228)"/><ellipse cx="88" cy="226" rx="7" ry="17" fill="#4f8b4c" transform="rotate(20 88 226)"/><ellipse cx="80" cy="222" rx="6" ry="18" fill="#6aab62"/>
${g("translate(228 58) scale(.58)", boiler(c))}`;
}

// ---------------------------------------------------------------- termostatos

/** Room thermostat, local frame 170 x 170: analogue dial or digital screen. */
function thermostat(c: Ctx): string {
  const body = `<rect width="170" height="170" rx="24" fill="url(#wg)" stroke="#d3d8de" filter="url(#sh)"/>`;
  const brand = label(c.brand, 85, 161, 110, 12, { fill: c.accent, bold: true });
  if (c.analog) return body + dial(c) + brand;
  const wifi = c.wifi
    ? `<path d="M122 38a16 16 0 0 1 22 0M126 43a10 10 0 0 1 14 0" stroke="#8fd3ff" stroke-width="2.2" fill="none" stroke-linecap="round"/><circle cx="133" cy="48" r="2" fill="#8fd3ff"/>`
    : "";
  const buttons = `<circle cx="50" cy="132" r="12" fill="#eef1f4" stroke="#cfd5dc"/><path d="M44 132h12" stroke="#27303a" stroke-width="2"/><circle cx="85" cy="132" r="10" fill="${c.accent}"/><circle cx="120" cy="132" r="12" fill="#eef1f4" stroke="#cfd5dc"/><path d="M114 132h12M120 126v12" stroke="#27303a" stroke-width="2"/>`;
  return `${body}<rect x="20" y="20" width="130" height="88" rx="10" fill="#18202a"/><path d="M36 48c-6-6 0-12 2-16 2 5 8 8 3 16z" fill="#f39c34"/>${wifi}
<text x="85" y="78" font-size="34" fill="#fff" text-anchor="middle">21,5°</text><text x="85" y="98" font-size="10" fill="#8fd3ff" text-anchor="middle">CONFORT</text>${buttons}${brand}`;
}

function dial(c: Ctx): string {
  const at = (deg: number, r: number) => {
    const a = ((deg - 90) * Math.PI) / 180;
    return [85 + r * Math.cos(a), 78 + r * Math.sin(a)] as const;
  };
  let ticks = "";
  for (let t = 0; t <= 25; t++) {
    const deg = -135 + t * 10.8;
    const [x1, y1] = at(deg, t % 5 ? 50 : 47);
    const [x2, y2] = at(deg, 55);
    const col = `rgb(${n(59 + t * 6.6)},${n(130 - t * 2.2)},${n(196 - t * 4.7)})`;
    ticks += `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke="${col}" stroke-width="${t % 5 ? 1.5 : 2.5}"/>`;
    if (t % 5 === 0) {
      const [lx, ly] = at(deg, 64);
      ticks += `<text x="${n(lx)}" y="${n(ly + 3.5)}" font-size="10" fill="#4a5562" text-anchor="middle">${t + 5}</text>`;
    }
  }
  const [px, py] = at(-135 + 16 * 10.8, 32);
  return `<circle cx="85" cy="78" r="58" fill="#f1f3f5" stroke="#dde1e6"/>${ticks}<circle cx="85" cy="78" r="40" fill="url(#kn)" stroke="#cfd5dc"/><path d="M85 78L${n(px)} ${n(py)}" stroke="${c.accent}" stroke-width="4" stroke-linecap="round"/><circle cx="85" cy="78" r="6" fill="${c.accent}"/>`;
}

export function thermostatFrontView(c: Ctx): string {
  return g("translate(81 38) scale(1.4)", thermostat(c));
}

export function thermostatDimensionsView(c: Ctx): string {
  const wall = `<rect x="26" y="50" width="20" height="250" fill="#dfe3e8"/><path d="M26 70l20-16M26 110l20-16M26 150l20-16M26 190l20-16M26 230l20-16M26 270l20-16M26 300l20-16" stroke="#c3c9d1"/>`;
  const side = `<rect x="46" y="90" width="8" height="170" fill="#b9c1ca"/><rect x="46" y="90" width="30" height="170" rx="8" fill="url(#sg)" stroke="#c7cdd4" filter="url(#sh)"/>`;
  const marks = `<path d="M46 88V58M76 88V58M322 90H356M322 260H356M150 266V296M320 266V296" stroke="#9aa4af" stroke-dasharray="3 3"/>`;
  return `${wall}${side}${g("translate(150 90)", thermostat(c))}${marks}${dim(46, 70, 76, 70, "Fondo", c.accent, [61, 46])}${dim(348, 90, 348, 260, "Alto", c.accent)}${dim(150, 288, 320, 288, "Ancho", c.accent)}`;
}

export function thermostatRoomView(c: Ctx): string {
  const sofa = `<rect x="236" y="226" width="180" height="56" rx="16" fill="#7d8fa8"/><rect x="226" y="262" width="200" height="44" rx="12" fill="#90a2ba"/><rect x="222" y="244" width="26" height="70" rx="11" fill="#6f819a"/>`;
  return `<rect width="400" height="400" fill="#f2eee7"/><rect y="310" width="400" height="90" fill="#cfae8b"/><rect y="304" width="400" height="8" fill="#fbf9f5"/>
<rect x="22" y="40" width="92" height="266" fill="#fbf9f5" stroke="#dcd4c8" stroke-width="5"/><rect x="34" y="56" width="68" height="100" rx="3" fill="none" stroke="#e6dfd4" stroke-width="3"/><circle cx="100" cy="186" r="5" fill="#b9a78f"/>
<rect x="132" y="168" width="24" height="24" rx="4" fill="#fff" stroke="#d6d0c6"/><rect x="140" y="174" width="8" height="12" rx="2" fill="#ece8e1"/>
<rect x="274" y="62" width="96" height="70" fill="#fff" stroke="#b59c7e" stroke-width="5"/><path d="M280 126l28-34 20 22 14-12 22 24z" fill="#a9c7a3"/><circle cx="346" cy="84" r="8" fill="#f3cf76"/>
${sofa}${g("translate(172 112) scale(.56)", thermostat(c))}`;
}

// ---------------------------------------------------------------- aires

/** Indoor wall split, local frame 320 x 96. */
function splitIndoor(c: Ctx): string {
  return `<rect width="320" height="96" rx="18" fill="url(#wg)" stroke="#d3d8de" filter="url(#sh)"/><path d="M18 12H302" stroke="#e1e5ea" stroke-width="2"/>
<rect x="26" y="70" width="268" height="18" rx="7" fill="#3a4350"/><rect x="30" y="79" width="260" height="9" rx="4.5" fill="#e4e8ed"/>
<rect x="252" y="34" width="46" height="20" rx="6" fill="#1d2530"/><text x="275" y="49" font-size="12" fill="#7fe0ff" text-anchor="middle">22°</text><circle cx="242" cy="44" r="3" fill="#3ec46d"/>
${label(c.brand, 28, 48, 190, 19, { fill: c.accent, bold: true, anchor: "start" })}`;
}

/** Dotted wavy lines of conditioned air below an indoor unit. */
const airflow = (x: number, y: number, w: number, step: number) =>
  [0, 1, 2].map((i) => `<path d="M${n(x + w * (0.15 + i * 0.3))} ${y}q${n(w * 0.05)} ${step / 2} 0 ${step}t0 ${step}" stroke="#6aaee3" stroke-width="3" fill="none" stroke-linecap="round" opacity=".45"/>`).join("");

export function splitFrontView(c: Ctx): string {
  return g("translate(40 116)", splitIndoor(c)) + airflow(40, 226, 320, 44);
}

/** Outdoor unit with round fan grille (or square mesh), local frame w x h plus feet. */
function outdoorUnit(c: Ctx, w: number, h: number, mesh: boolean): string {
  const r = h * 0.4;
  const cx = 22 + r;
  const cy = h / 2;
  const px = cx + r + 16;
  const blades = [0, 120, 240].map((a) => `<ellipse cx="${n(cx)}" cy="${n(cy - r * 0.45)}" rx="${n(r * 0.22)}" ry="${n(r * 0.46)}" fill="#5a6572" transform="rotate(${a + 20} ${n(cx)} ${n(cy)})"/>`).join("");
  const grille = mesh
    ? `<path d="${[-3, -2, -1, 0, 1, 2, 3].map((k) => `M${n(cx - r)} ${n(cy + k * r * 0.28)}H${n(cx + r)}M${n(cx + k * r * 0.28)} ${n(cy - r)}V${n(cy + r)}`).join("")}" stroke="#cfd5dc" stroke-width="2.5"/>`
    : [0.38, 0.66, 0.94].map((k) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * k)}" fill="none" stroke="#cfd5dc" stroke-width="2.5"/>`).join("") +
      `<path d="M${n(cx - r)} ${n(cy)}H${n(cx + r)}M${n(cx)} ${n(cy - r)}V${n(cy + r)}" stroke="#cfd5dc" stroke-width="2.5"/>`;
  const slits = Array.from({ length: 7 }, (_, i) => `<rect x="${n(px + 6)}" y="${n(h * 0.3 + i * h * 0.075)}" width="${n(w - px - 18)}" height="${n(h * 0.03)}" rx="2" fill="#d3d9df"/>`).join("");
  const frame = mesh ? `<rect x="${n(cx - r)}" y="${n(cy - r)}" width="${n(2 * r)}" height="${n(2 * r)}" rx="10" fill="#2b323b"/>` : `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#2b323b"/>`;
  return `<rect x="18" y="${h - 4}" width="44" height="16" rx="3" fill="#8d97a2"/><rect x="${w - 62}" y="${h - 4}" width="44" height="16" rx="3" fill="#8d97a2"/><rect x="${w - 2}" y="${n(h * 0.7)}" width="12" height="10" rx="2" fill="#c7834a"/><rect x="${w - 2}" y="${n(h * 0.8)}" width="12" height="10" rx="2" fill="#c7834a"/>
<rect width="${w}" height="${h}" rx="10" fill="url(#wg)" stroke="#cfd5dc" filter="url(#sh)"/><rect x="-3" y="-4" width="${w + 6}" height="12" rx="5" fill="#e2e6eb"/>${frame}${blades}<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.16)}" fill="#8a95a3"/>${grille}${slits}
${label(c.brand, (px + w - 6) / 2, h * 0.2, w - px - 14, 14, { fill: c.accent, bold: true })}`;
}

export function splitOutdoorView(c: Ctx): string {
  return pill("Unidad exterior", 78, 30, c.accent) + g("translate(60 80)", outdoorUnit(c, 280, 200, false));
}

export function splitRoomView(c: Ctx): string {
  const sofa = `<rect x="176" y="214" width="196" height="58" rx="16" fill="#8197b3"/><rect x="164" y="252" width="220" height="46" rx="12" fill="#93a8c2"/><rect x="156" y="234" width="28" height="72" rx="12" fill="#71869f"/><rect x="364" y="234" width="28" height="72" rx="12" fill="#71869f"/>`;
  return `<rect width="400" height="400" fill="#f3f1ec"/><rect y="306" width="400" height="94" fill="#d6b38d"/><rect y="300" width="400" height="8" fill="#fbfaf7"/>
<rect x="22" y="70" width="104" height="186" fill="#fff" stroke="#ddd6cb" stroke-width="5"/><rect x="28" y="76" width="92" height="174" fill="url(#sky)"/><path d="M74 76V250" stroke="#fff" stroke-width="4"/>
<path d="M128 300h24l-3-26h-18z" fill="#c8754f"/><ellipse cx="134" cy="258" rx="8" ry="20" fill="#5e9c5a" transform="rotate(-20 134 258)"/><ellipse cx="148" cy="256" rx="8" ry="21" fill="#4f8b4c" transform="rotate(18 148 256)"/>
${sofa}${g("translate(152 50) scale(.7)", splitIndoor(c))}${airflow(152, 126, 224, 28)}`;
}

// ---------------------------------------------------------------- aerotermia

export function heatPumpFrontView(c: Ctx): string {
  return g("translate(50 62)", outdoorUnit(c, 300, 222, true));
}

export function hydroTankView(c: Ctx): string {
  const tank = `<path d="M220 64V272A50 12 0 0 0 320 272V64Z" fill="url(#cy)" stroke="#c7cdd4"/><ellipse cx="270" cy="64" rx="50" ry="12" fill="#f1f3f5" stroke="#c7cdd4"/>
<path d="M220 110A50 12 0 0 0 320 110V120A50 12 0 0 1 220 120Z" fill="${c.accent}"/><circle cx="270" cy="170" r="15" fill="#fff" stroke="#aab3bd" stroke-width="2"/><path d="M270 170l8-8" stroke="#d9534f" stroke-width="2.5" stroke-linecap="round"/>`;
  const hydro = `<rect x="60" y="76" width="120" height="150" rx="12" fill="url(#wg)" stroke="#d3d8de"/><rect x="76" y="94" width="88" height="42" rx="7" fill="#1d2530"/><text x="120" y="121" font-size="16" fill="#7fe0ff" text-anchor="middle">45°</text>
<rect x="96" y="180" width="48" height="3" rx="1.5" fill="${c.accent}"/>${label(c.brand, 120, 168, 100, 14, { fill: c.accent, bold: true })}`;
  const pipes = `<path d="M160 226V246H220" stroke="#d9534f" stroke-width="7" fill="none" stroke-linejoin="round"/><path d="M140 226V262H220" stroke="#3b82c4" stroke-width="7" fill="none" stroke-linejoin="round"/><path d="M84 226V286M102 226V286" stroke="#9aa4af" stroke-width="7"/>`;
  const labels = `<text x="120" y="304" font-size="12" fill="#3d4753" text-anchor="middle">Unidad interior</text><text x="270" y="304" font-size="12" fill="#3d4753" text-anchor="middle">Depósito ACS</text>`;
  return `<rect y="284" width="400" height="4" fill="#c9d8cb"/>${pipes}<g filter="url(#sh)">${hydro}${tank}</g>${labels}`;
}

export function houseView(c: Ctx): string {
  const tree = `<rect x="64" y="236" width="10" height="64" fill="#8a6446"/><circle cx="69" cy="214" r="34" fill="#6aa95f"/><circle cx="48" cy="236" r="22" fill="#5c9a53"/><circle cx="92" cy="232" r="24" fill="#7bb56e"/>`;
  return `<rect width="400" height="400" fill="url(#sky)"/><circle cx="60" cy="58" r="24" fill="#ffe08a"/>
<path d="M126 104L280 28L430 104Z" fill="#b5643c"/><rect x="146" y="100" width="270" height="200" fill="#efe6d8"/><rect x="310" y="128" width="64" height="74" fill="#cfe6f6" stroke="#fff" stroke-width="5"/><path d="M342 128V202" stroke="#fff" stroke-width="4"/>
<rect y="296" width="400" height="104" fill="#9ccc7a"/>${tree}<rect x="290" y="150" width="9" height="110" rx="2" fill="#e5e8ec" stroke="#c9cfd6"/><rect x="166" y="288" width="136" height="12" rx="2" fill="#b9bec4"/>
${g("translate(174 200) scale(.4)", outdoorUnit(c, 300, 222, true))}`;
}

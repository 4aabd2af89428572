/**
 * npx tsx scripts/admin-icons.ts
 * Draws the back office's app icons (issue 30) from the favicon's mark with sharp, into
 * public/iconos: 192 and 512 px (the round mark on transparent), a maskable 512 px (the mark
 * inside the safe zone, on the shop's blue to the edges) and the 180 px icon that
 * iOS puts on the home screen. Run again when the mark changes; the PNG files are committed.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ADMIN_THEME_COLOUR } from "../app/domain/alerts/app-manifest";

const MARK = `<path d="M15 30c-4-3-4-8 0-13 0 3 2 4 3 4-1-5 2-9 5-11-1 4 5 7 3 14-1 4-3 6-6 6" fill="#f08c2b"/><path d="M27 12v10M22.7 14.5l8.6 5M22.7 19.5l8.6-5" stroke="#e8f4ff" stroke-width="1.8" stroke-linecap="round"/>`;

/** The favicon: the mark in a blue circle. */
const round = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="19" fill="${ADMIN_THEME_COLOUR}"/>${MARK}</svg>`;
/** Blue to the edges, the mark in the middle (inside the 80 % circle): whatever shape the phone cuts, it stays whole. */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${ADMIN_THEME_COLOUR}"/><g transform="translate(4 4) scale(0.8)">${MARK}</g></svg>`;

const folder = path.resolve("public/iconos");
mkdirSync(folder, { recursive: true });
const icons: [string, string, number][] = [
  ["administracion-192.png", round, 192],
  ["administracion-512.png", round, 512],
  ["administracion-maskable-512.png", fullBleed, 512],
  ["administracion-apple-180.png", fullBleed, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 40 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(folder, name));
  console.log(`public/iconos/${name}`);
}

import type { EnergyClass } from "~/domain/product";

/** The CSS class of each letter: its colours live in app.css (no style attribute, for the CSP). */
const CLASS_NAMES: Record<EnergyClass, string> = {
  "A+++": "energy-app",
  "A++": "energy-ap2",
  "A+": "energy-ap",
  A: "energy-a",
  B: "energy-b",
  C: "energy-c",
  D: "energy-d",
  E: "energy-e",
  F: "energy-f",
  G: "energy-g",
};

/** The class as the coloured arrow of the EU energy label (Regulation (EU) 2017/1369). */
export function EnergyLabel({ energyClass, size = "small" }: { energyClass: EnergyClass; size?: "small" | "large" }) {
  return (
    <span
      className={`energy-label energy-label-${size} ${CLASS_NAMES[energyClass]}`}
      role="img"
      aria-label={`Clase energética ${energyClass}`}
    >
      <span aria-hidden="true">{energyClass}</span>
    </span>
  );
}

import type { EnergyClass } from "~/domain/product";

/** Colours of the EU energy label scale, from dark green (best) to red (worst). */
const COLOURS: Record<EnergyClass, { bg: string; fg: string }> = {
  "A+++": { bg: "#00843d", fg: "#fff" },
  "A++": { bg: "#1b9a3a", fg: "#000" },
  "A+": { bg: "#4eaa2b", fg: "#000" },
  A: { bg: "#9ec925", fg: "#000" },
  B: { bg: "#f6e000", fg: "#000" },
  C: { bg: "#fbb900", fg: "#000" },
  D: { bg: "#ee7203", fg: "#000" },
  E: { bg: "#e2001a", fg: "#fff" },
  F: { bg: "#c4001a", fg: "#fff" },
  G: { bg: "#a30016", fg: "#fff" },
};

/** The class as the coloured arrow of the EU energy label (Regulation (EU) 2017/1369). */
export function EnergyLabel({ energyClass, size = "small" }: { energyClass: EnergyClass; size?: "small" | "large" }) {
  const { bg, fg } = COLOURS[energyClass];
  return (
    <span
      className={`energy-label energy-label-${size}`}
      style={{ "--energy-bg": bg, "--energy-fg": fg } as React.CSSProperties}
      role="img"
      aria-label={`Clase energética ${energyClass}`}
    >
      <span aria-hidden="true">{energyClass}</span>
    </span>
  );
}

import type { EprelLinks } from "~/domain/catalogue/eprel";
import type { EnergyClass } from "~/domain/catalogue/product";

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

/**
 * Beside the label on the product page (issue 15): the product's entry in EPREL and its
 * product information sheet, as the EU rules on labels shown online ask. The loader makes the
 * addresses (app/domain/catalogue/eprel.ts, null without an EPREL number: then nothing).
 */
export function EnergyLabelLinks({ links }: { links: EprelLinks | null }) {
  if (!links) return null;
  return (
    <ul className="energy-links" aria-label="Etiqueta energética">
      <li>
        <a href={links.sheet} target="_blank" rel="noopener noreferrer">
          Ficha de información del producto
          <span className="visually-hidden"> (PDF en EPREL, se abre en otra pestaña)</span>
        </a>
      </li>
      <li>
        <a href={links.entry} target="_blank" rel="noopener noreferrer">
          Etiqueta y datos en EPREL
          <span className="visually-hidden"> (base de datos europea de productos, se abre en otra pestaña)</span>
        </a>
      </li>
    </ul>
  );
}

import type { EnergyClass } from "~/domain/catalogue/product";
import { EnergyLabel } from "./energy-label";

/** The classes of the label scale for space heaters, heat pumps and air conditioners today. */
const SCALE: EnergyClass[] = ["A+++", "A++", "A+", "A", "B", "C", "D"];

/**
 * How to read the EU energy label (Regulation (EU) 2017/1369), with our label arrows.
 * `extra` adds what is particular to the family (seasonal ratios, two temperatures...).
 */
export function EnergyLabelGuide({ extra }: { extra?: React.ReactNode }) {
  return (
    <>
      <p>
        Las calderas, las bombas de calor y los aires acondicionados domésticos que se venden en la
        Unión Europea llevan la etiqueta energética europea. Indica con una letra y un color cuánto aprovecha el equipo la
        energía que consume: los colores van del verde oscuro, la clase más eficiente, al naranja o
        el rojo, las menos eficientes. En estos equipos la escala va hoy de A+++ a D.
      </p>
      <ul className="energy-scale" aria-label="Escala de la etiqueta energética, de más a menos eficiente">
        {SCALE.map((energyClass) => (
          <li key={energyClass}>
            <EnergyLabel energyClass={energyClass} size="large" />
          </li>
        ))}
      </ul>
      {extra}
      <p>
        En la tienda verá la clase energética de cada equipo en su ficha. Entre dos modelos
        parecidos, una clase más alta suele costar algo más al comprarlo y menos cada mes en la
        factura. La etiqueta y la ficha de información de cada modelo también pueden consultarse
        en la base de datos europea de productos (EPREL),{" "}
        <a href="https://eprel.ec.europa.eu" rel="noopener noreferrer">
          eprel.ec.europa.eu
        </a>
        .
      </p>
    </>
  );
}

import { BRANDS } from "~/domain/catalogue/catalogue-filters";
import {
  DIMENSIONS_FIELDS,
  FAMILY_FIELDS,
  FAMILY_TYPES,
  FGAS_LABEL,
  FIELD_LABELS,
  FLAG_FIELDS,
  LABEL_FIELDS,
  LABEL_RANGES,
  mayHoldFgas,
  powerLabel,
  type DimensionsField,
  type TechnicalField,
} from "~/domain/catalogue/family-fields";
import { dimensionInputName } from "~/domain/catalogue/product-form";
import { ENERGY_CLASSES, FAMILY_LABELS, type Family } from "~/domain/catalogue/product";
import { CheckboxControl, fieldId, SelectControl, TextControl, type ControlsProps } from "./product-form-controls";

/*
 * Every field of a product (spec section 3), grouped as the owner thinks of them; the
 * technical characteristics are only the family's own (app/domain/catalogue/family-fields.ts).
 */

const MONEY_HINT = "En euros, por ejemplo 1.234,56 o 1234.56.";
const SIDES = [
  ["alto", "Alto (cm)"],
  ["ancho", "Ancho (cm)"],
  ["fondo", "Fondo (cm)"],
] as const;

function DimensionsControl({ values, errors, field }: ControlsProps & { field: DimensionsField }) {
  const error = errors[field];
  const errorId = `${fieldId(field)}-error`;
  return (
    <fieldset className="product-dimensions">
      <legend>{FIELD_LABELS[field]}</legend>
      <div className="field-row">
        {SIDES.map(([side, label]) => {
          const name = dimensionInputName(field, side);
          return (
            <div className="field" key={side}>
              <label htmlFor={fieldId(name)}>{label}</label>
              <input
                id={fieldId(name)}
                name={name}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={values[name] ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function TechnicalControl({ family, field, ...props }: ControlsProps & { family: Family; field: TechnicalField }) {
  if ((DIMENSIONS_FIELDS as string[]).includes(field)) return <DimensionsControl {...props} field={field as DimensionsField} />;
  if ((FLAG_FIELDS as string[]).includes(field)) return <CheckboxControl {...props} name={field} label={FIELD_LABELS[field]} />;
  const power = field === "powerKw";
  return (
    <TextControl
      {...props}
      name={field}
      label={power ? powerLabel(family) : FIELD_LABELS[field]}
      required={power}
      inputMode={field === "accumulator" || field === "refrigerant" || field === "controller" ? undefined : "decimal"}
      maxLength={200}
      hint={power ? "Los filtros de superficie de la tienda la usan." : undefined}
    />
  );
}

const LABEL_HINTS: Partial<Record<TechnicalField, string>> = {
  seer: `Como en la etiqueta, de ${LABEL_RANGES.seer.min} a ${LABEL_RANGES.seer.max}. Se muestra en la ficha y en la comparación.`,
  scop: `Clima medio, de ${LABEL_RANGES.scop.min} a ${LABEL_RANGES.scop.max}.`,
  soundPowerDb: `La de la etiqueta (unidad exterior en un split), de ${LABEL_RANGES.soundPowerDb.min} a ${LABEL_RANGES.soundPowerDb.max} dB(A).`,
  eprelNumber: "Solo cifras. La ficha del producto enlaza con su entrada en EPREL y con su ficha de información.",
};

/** SEER, SCOP, sound power and the EPREL number of the family, beside the energy class. */
function LabelFigures({ family, ...props }: ControlsProps & { family: Family }) {
  const own = FAMILY_FIELDS[family].filter((field) => LABEL_FIELDS.includes(field));
  if (own.length === 0) return null;
  return (
    <div className="field-row">
      {own.map((field) => (
        <TextControl
          key={field}
          {...props}
          name={field}
          label={FIELD_LABELS[field]}
          inputMode={field === "eprelNumber" ? "numeric" : "decimal"}
          maxLength={field === "eprelNumber" ? 12 : 10}
          hint={LABEL_HINTS[field]}
        />
      ))}
    </div>
  );
}

export function ProductFormFields({ family, ...props }: ControlsProps & { family: Family }) {
  const thermostat = family === "termostatos";
  return (
    <>
      <input type="hidden" name="family" value={family} />
      <fieldset>
        <legend>Producto: {FAMILY_LABELS[family].singular.toLowerCase()}</legend>
        <div className="field-row">
          <TextControl {...props} name="brand" label="Marca" required maxLength={80} list="producto-marcas" />
          <TextControl {...props} name="model" label="Modelo" required maxLength={160} />
        </div>
        <datalist id="producto-marcas">
          {BRANDS[family].map((brand) => (
            <option key={brand} value={brand} />
          ))}
        </datalist>
        <SelectControl {...props} name="type" label="Tipo" required options={FAMILY_TYPES[family]} />
        <TextControl
          {...props}
          name="slug"
          label="Dirección (slug)"
          maxLength={120}
          hint="Minúsculas, números y guiones. Si la deja en blanco, se forma con la marca y el modelo."
        />
      </fieldset>
      <fieldset>
        <legend>Precio y stock</legend>
        <div className="field-row">
          <TextControl {...props} name="price" label="Precio (IVA incluido)" required inputMode="decimal" maxLength={20} hint={MONEY_HINT} />
          <TextControl {...props} name="previousPrice" label="Precio anterior" inputMode="decimal" maxLength={20} hint="Tachado junto al precio. En blanco: ninguno." />
          <TextControl {...props} name="stock" label="Stock (unidades)" required inputMode="numeric" maxLength={6} />
          <TextControl
            {...props}
            name="lowStockThreshold"
            label="Aviso de stock bajo"
            required
            inputMode="numeric"
            maxLength={5}
            hint="Con este número de unidades o menos, el producto sale como stock bajo."
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Promoción y oferta</legend>
        <CheckboxControl {...props} name="promotion" label="Promoción del fabricante" />
        <TextControl {...props} name="promotionDiscount" label="Descuento de la promoción" inputMode="decimal" maxLength={20} hint={MONEY_HINT} />
        <CheckboxControl {...props} name="deal" label="Oferta (etiqueta «Oferta» en la tienda)" />
      </fieldset>
      <fieldset>
        <legend>Etiqueta energética</legend>
        <div className="field-row">
          <SelectControl
            {...props}
            name="energyClass"
            label="Clase energética"
            required={!thermostat}
            empty={thermostat ? "Sin etiqueta" : undefined}
            options={ENERGY_CLASSES.map((value) => ({ value, label: value }))}
          />
          <TextControl {...props} name="certification" label="Certificación" maxLength={120} />
        </div>
        <LabelFigures {...props} family={family} />
      </fieldset>
      <fieldset>
        <legend>Características técnicas</legend>
        <div className="product-technical">
          {FAMILY_FIELDS[family]
            .filter((field) => !LABEL_FIELDS.includes(field))
            .map((field) => (
              <TechnicalControl key={field} {...props} family={family} field={field} />
            ))}
        </div>
        {mayHoldFgas(family) ? (
          <CheckboxControl
            {...props}
            name="fgasNotSealed"
            label={FGAS_LABEL}
            hint="Marcado, un pedido sin nuestra instalación pide al cliente la declaración del Real Decreto 115/2017."
          />
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Descripciones</legend>
        <TextControl {...props} name="description" label="Descripción" required rows={6} maxLength={5000} />
        <TextControl {...props} name="description2" label="Descripción 2" rows={4} maxLength={5000} />
      </fieldset>
    </>
  );
}

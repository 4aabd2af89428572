import { ALTERNATIVE_KEYS, QUOTE_LINE_KINDS, type AlternativeKey } from "~/domain/quotes/quote-content";
import { LINE_KIND_LABELS } from "~/domain/quotes/quote-document-text";
import { rowIndexes } from "~/domain/quotes/quote-editor-fields";
import { liveTotals } from "~/domain/quotes/quote-live-totals";
import { Price } from "../price";

/*
 * The pieces of the back office's quote editor (issue 17), all inside one <form> (see
 * app/server/quotes/quote-editor-action.server.ts): it renders from field values (the saved
 * draft, or what was just posted with its errors), so it works without JavaScript.
 */

type Values = { fields: Record<string, string>; errors: Record<string, string> };

function Err({ name, errors }: { name: string; errors: Record<string, string> }) {
  const text = errors[name];
  return text ? (
    <p id={`${name}-error`} className="field-error">
      {text}
    </p>
  ) : null;
}

const aria = (name: string, errors: Record<string, string>) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {});

export function TextField({ name, label, fields, errors, type = "text", hint, ...rest }: Values & { name: string; label: string; type?: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} type={type} defaultValue={fields[name] ?? ""} {...aria(name, errors)} {...rest} />
      {hint ? <p className="field-hint">{hint}</p> : null}
      <Err name={name} errors={errors} />
    </div>
  );
}

export function TextArea({ name, label, fields, errors, rows = 3 }: Values & { name: string; label: string; rows?: number }) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <textarea id={name} name={name} rows={rows} defaultValue={fields[name] ?? ""} {...aria(name, errors)} />
      <Err name={name} errors={errors} />
    </div>
  );
}

export function PartyFields(v: Values) {
  return (
    <>
      <fieldset className="admin-section quote-editor-group">
        <legend>Cliente</legend>
        <div className="quote-editor-grid">
          <TextField {...v} name="customerName" label="Nombre y apellidos o razón social" autoComplete="off" />
          <TextField {...v} name="customerNif" label="NIF, DNI o NIE (lo piden las facturas de la señal y del trabajo)" />
          <TextField {...v} name="customerEmail" label="E-mail" type="email" />
          <TextField {...v} name="customerPhone" label="Teléfono" type="tel" />
          <TextField {...v} name="customerAddress" label="Domicilio" />
          <TextField {...v} name="customerPostcode" label="Código postal" inputMode="numeric" />
          <TextField {...v} name="customerTown" label="Localidad" />
          <TextField {...v} name="customerProvince" label="Provincia" />
        </div>
      </fieldset>
      <fieldset className="admin-section quote-editor-group">
        <legend>Lugar de la obra</legend>
        <label className="checkbox-field">
          <input type="checkbox" name="placeSame" defaultChecked={v.fields.placeSame === "on"} />
          <span>El mismo que el domicilio del cliente</span>
        </label>
        <div className="quote-editor-grid">
          <TextField {...v} name="placeAddress" label="Dirección de la obra" />
          <TextField {...v} name="placePostcode" label="Código postal de la obra" inputMode="numeric" />
          <TextField {...v} name="placeTown" label="Localidad de la obra" />
          <TextField {...v} name="placeProvince" label="Provincia de la obra" />
        </div>
      </fieldset>
    </>
  );
}

export function TermsFields(v: Values) {
  return (
    <fieldset className="admin-section quote-editor-group">
      <legend>Trabajo y condiciones</legend>
      <TextArea {...v} name="description" label="Descripción del trabajo (qué se hace, características y resultado)" rows={4} />
      <div className="quote-editor-grid">
        <TextField {...v} name="startOn" label="Inicio aproximado" type="date" />
        <TextField {...v} name="endOn" label="Fin aproximado" type="date" />
        <TextField {...v} name="validityDays" label="Validez (días)" inputMode="numeric" hint="30 días si lo deja vacío. Cuenta desde el envío." />
      </div>
      <TextField {...v} name="guarantee" label="Garantía" />
      <fieldset className="quote-editor-deposit">
        <legend>Señal al aceptar</legend>
        {(
          [
            ["ninguno", "Sin señal"],
            ["porcentaje", "Porcentaje del total"],
            ["importe", "Importe fijo"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="checkbox-field">
            <input type="radio" name="depositKind" value={value} defaultChecked={(v.fields.depositKind ?? "ninguno") === value} />
            <span>{label}</span>
          </label>
        ))}
        <div className="quote-editor-grid">
          <TextField {...v} name="depositPercent" label="Porcentaje (%)" inputMode="numeric" />
          <TextField {...v} name="depositAmount" label="Importe (euros, IVA incluido)" inputMode="decimal" />
        </div>
      </fieldset>
      <label className="checkbox-field">
        <input type="checkbox" name="dwellingRenovation" defaultChecked={v.fields.dwellingRenovation === "on"} />
        <span>Reforma o reparación de una vivienda (puede llevar IVA del 10 % si los materiales no pasan del 40 % y el cliente confirma las condiciones)</span>
      </label>
      <TextArea {...v} name="notes" label="Notas para el cliente" />
    </fieldset>
  );
}

type Stock = Record<string, { stock: number; priceCents: number }>;

function LineRow({ alt, index, v, stock }: { alt: AlternativeKey; index: number; v: Values; stock: Stock }) {
  const p = `${alt}-${index}-`;
  const f = v.fields;
  const productId = f[`${p}productId`] ?? "";
  const now = productId ? stock[productId] : undefined;
  const blank = !f[`${p}description`] && !f[`${p}price`];
  return (
    <fieldset className={`quote-line-row${blank ? " quote-line-blank" : ""}`}>
      <legend className="visually-hidden">
        Opción {alt}, {blank ? "línea nueva" : `línea ${index + 1}`}
      </legend>
      <input type="hidden" name={`${p}productId`} value={productId} />
      <div className="field">
        <label htmlFor={`${p}kind`}>Tipo</label>
        <select id={`${p}kind`} name={`${p}kind`} defaultValue={f[`${p}kind`] ?? "material"}>
          {QUOTE_LINE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LINE_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <TextField {...v} name={`${p}description`} label="Descripción" />
      <TextField {...v} name={`${p}quality`} label="Calidad / marca" />
      <TextField {...v} name={`${p}quantity`} label="Cantidad" inputMode="decimal" />
      <TextField {...v} name={`${p}unit`} label="Unidad" placeholder="ud, h, m" />
      <TextField {...v} name={`${p}price`} label="Precio unidad sin IVA (€)" inputMode="decimal" />
      <label className="checkbox-field">
        <input type="checkbox" name={`${p}used`} defaultChecked={f[`${p}used`] === "on"} />
        <span>Usado</span>
      </label>
      {blank ? null : (
        // Saves what was typed and takes this line out (issue 30: a button, not a checkbox to tick and then save).
        <button type="submit" name="intent" value={`quitar:${alt}:${index}`} className="button button-danger quote-line-remove" aria-label={`Quitar la línea ${index + 1} de la opción ${alt}`}>
          Quitar
        </button>
      )}
      {now ? (
        <p className="field-hint quote-line-stock">
          Catálogo hoy: <Price cents={now.priceCents} /> IVA incl. · {now.stock > 0 ? `${now.stock} en stock` : "sin stock"}
        </p>
      ) : null}
    </fieldset>
  );
}

/** An option's running totals (issue 30), from what is typed now; read out when they change. */
function OptionTotals({ alt, live }: { alt: AlternativeKey; live: Record<string, string> }) {
  const totals = liveTotals(live, alt);
  return (
    <div className="quote-option-totals" aria-live="polite" aria-atomic="true" id={`totales-${alt}`}>
      {totals.lines === 0 ? (
        <p>Opción {alt}: sin líneas con precio todavía.</p>
      ) : (
        <>
          <p className="visually-hidden">Totales de la opción {alt}:</p>
          <dl>
            <dt>Base imponible</dt>
            <dd>
              <Price cents={totals.baseCents} />
            </dd>
            <dt>IVA {totals.vatRate} %</dt>
            <dd>
              <Price cents={totals.vatCents} />
            </dd>
            <dt>Total</dt>
            <dd>
              <strong>
                <Price cents={totals.totalCents} />
              </strong>
            </dd>
            {totals.depositCents > 0 ? (
              <>
                <dt>Señal al aceptar</dt>
                <dd>
                  <Price cents={totals.depositCents} />
                </dd>
              </>
            ) : null}
          </dl>
          {totals.reducedTotalCents !== null ? (
            <p className="field-hint">
              Con IVA del 10 %, si el cliente confirma las condiciones: <Price cents={totals.reducedTotalCents} />.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

export function AlternativeFields({ alt, v, stock, live }: { alt: AlternativeKey; v: Values; stock: Stock; live: Record<string, string> }) {
  return (
    <fieldset className="admin-section quote-editor-group quote-editor-alternative" id={`opcion-${alt}`}>
      <legend>Opción {alt}</legend>
      <TextField {...v} name={`alt-${alt}-title`} label={`Título de la opción ${alt}`} placeholder="p. ej. Caldera Saunier Duval" />
      {rowIndexes(v.fields, alt).map((index) => (
        <LineRow key={index} alt={alt} index={index} v={v} stock={stock} />
      ))}
      <p className="field-hint">Las líneas vacías no se guardan. Guarde para tener más líneas en blanco.</p>
      <OptionTotals alt={alt} live={live} />
      <button type="submit" name="intent" value={`duplicar:${alt}`} className="button button-secondary" aria-label={`Duplicar la opción ${alt} en la siguiente opción libre`}>
        Duplicar esta opción
      </button>
    </fieldset>
  );
}

export type CatalogueResult = { id: number; name: string; type: string; priceCents: number; unitCents: number; stock: number };

export function CataloguePicker({ search, results, services }: { search: string; results: CatalogueResult[]; services: { key: string; title: string; unitCents: number }[] }) {
  return (
    <section className="admin-section" id="catalogo" aria-labelledby="catalogo-titulo">
      <h2 id="catalogo-titulo">Añadir del catálogo</h2>
      <div className="quote-editor-search">
        <div className="field">
          <label htmlFor="buscar">Buscar por marca o modelo</label>
          <input id="buscar" name="buscar" type="search" defaultValue={search} maxLength={80} />
        </div>
        <button type="submit" name="intent" value="buscar" className="button button-secondary">
          Buscar
        </button>
      </div>
      {search && results.length === 0 ? <p>No hay productos con «{search}».</p> : null}
      {results.length > 0 ? (
        <ul className="quote-catalogue-results">
          {results.map((product) => (
            <li key={product.id}>
              <span>
                <strong>{product.name}</strong> ({product.type}) · <Price cents={product.priceCents} /> IVA incl. (<Price cents={product.unitCents} /> sin IVA) ·{" "}
                {product.stock > 0 ? `${product.stock} en stock` : "sin stock"}
              </span>
              <span className="quote-add-buttons">
                {ALTERNATIVE_KEYS.map((key) => (
                  <button key={key} type="submit" name="intent" value={`producto:${key}:${product.id}`} className="button button-secondary" aria-label={`Añadir ${product.name} a la opción ${key}`}>
                    A la opción {key}
                  </button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="quote-editor-search">
        <div className="field">
          <label htmlFor="serviceToAdd">Servicio de instalación o mantenimiento</label>
          <select id="serviceToAdd" name="serviceToAdd" defaultValue="">
            <option value="">Elija un servicio</option>
            {services.map((service) => (
              <option key={service.key} value={service.key}>
                {service.title}
              </option>
            ))}
          </select>
        </div>
        <span className="quote-add-buttons">
          {ALTERNATIVE_KEYS.map((key) => (
            <button key={key} type="submit" name="intent" value={`servicio:${key}`} className="button button-secondary" aria-label={`Añadir el servicio a la opción ${key}`}>
              A la opción {key}
            </button>
          ))}
        </span>
      </div>
    </section>
  );
}

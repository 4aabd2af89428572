import { Form, useNavigation } from "react-router";
import { Honeypot } from "../honeypot";
import { HONEYPOT_FIELD } from "~/domain/quotes/contact-form";
import {
  CALL_OUT_PAY_FIELD,
  CALL_OUT_PAYMENT_LABELS,
  CALL_OUT_PAYMENTS,
  MAX_REPAIR_PHOTOS,
  REPAIR_FAMILIES,
  REPAIR_FAMILY_LABELS,
  REPAIR_LABELS,
  REPAIR_MAX_LENGTH,
  REPAIR_PHOTO_FIELD,
  URGENCIES,
  URGENCY_LABELS,
  type RepairField,
  type RepairFieldErrors,
} from "~/domain/repairs/repair-fields";

/*
 * The breakdown form (issue 31): a real multipart form (photos included) that works without
 * JavaScript; the action checks everything. With a known unit (from «Mis equipos») the unit's
 * fields are not asked: it travels as «equipo».
 */

export type RepairFormProps = {
  unit: { id: number; name: string; serialNumber: string } | null;
  /** What it will cost before the diagnosis (the coverage's text), said before sending. */
  coverage: string;
  /** The call-out fee may be paid online at once (it is charged and Redsys is set up). */
  payNow: boolean;
  values: Partial<Record<RepairField, string>>;
  errors: RepairFieldErrors;
  formError: string | null;
};

const id = (field: string) => `averia-${field}`;

/**
 * With JavaScript, the chosen photos are brought down to 1600 px JPEGs in place (a camera's 5 MB
 * becomes a few hundred kB); a browser that cannot leaves them as they are, and the server takes
 * those too (within its limits).
 */
async function smallerPhotos(input: HTMLInputElement) {
  const files = [...(input.files ?? [])].slice(0, MAX_REPAIR_PHOTOS);
  if (files.length === 0 || typeof DataTransfer === "undefined") return;
  try {
    const { downscalePhoto } = await import("../photo-downscale");
    const smaller = new DataTransfer();
    for (const [i, file] of files.entries()) {
      const { blob } = await downscalePhoto(file);
      smaller.items.add(new File([blob], `foto-${i + 1}.jpg`, { type: "image/jpeg" }));
    }
    input.files = smaller.files;
  } catch {
    // Not a picture this browser can read: the server says so when the form is sent.
  }
}

function described(errors: RepairFieldErrors, field: keyof RepairFieldErrors, hint?: string) {
  const ids = [hint, errors[field] ? `${id(field)}-error` : undefined].filter(Boolean).join(" ");
  return { ...(errors[field] ? { "aria-invalid": true as const } : {}), ...(ids ? { "aria-describedby": ids } : {}) };
}

function FieldError({ errors, field }: { errors: RepairFieldErrors; field: keyof RepairFieldErrors }) {
  return errors[field] ? (
    <p className="field-error" id={`${id(field)}-error`}>
      {errors[field]}
    </p>
  ) : null;
}

function TextInput({ field, values, errors, type = "text", autoComplete, required = true }: { field: RepairField; values: RepairFormProps["values"]; errors: RepairFieldErrors; type?: string; autoComplete?: string; required?: boolean }) {
  return (
    <div className="field">
      <label htmlFor={id(field)}>
        {REPAIR_LABELS[field]}
        {required ? " *" : <span className="field-optional"> (opcional)</span>}
      </label>
      <input id={id(field)} name={field} type={type} autoComplete={autoComplete} maxLength={REPAIR_MAX_LENGTH[field]} defaultValue={values[field] ?? ""} required={required} {...described(errors, field)} />
      <FieldError errors={errors} field={field} />
    </div>
  );
}

export function RepairForm({ unit, coverage, payNow, values, errors, formError }: RepairFormProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" className="repair-form" noValidate aria-describedby={formError ? "averia-error" : undefined}>
      {formError ? (
        <p id="averia-error" role="alert" className="form-error notice">
          {formError}
        </p>
      ) : null}
      <fieldset className="repair-group">
        <legend>El equipo</legend>
        {unit ? (
          <>
            <input type="hidden" name="equipo" value={unit.id} />
            <p>
              <strong>{unit.name}</strong>, n.º de serie {unit.serialNumber}
            </p>
          </>
        ) : (
          <>
            <div className="field">
              <label htmlFor={id("family")}>{REPAIR_LABELS.family} *</label>
              <select id={id("family")} name="family" defaultValue={values.family ?? ""} required {...described(errors, "family")}>
                <option value="">Elija…</option>
                {REPAIR_FAMILIES.map((family) => (
                  <option key={family} value={family}>
                    {REPAIR_FAMILY_LABELS[family]}
                  </option>
                ))}
              </select>
              <FieldError errors={errors} field="family" />
            </div>
            <TextInput field="brand" values={values} errors={errors} required={false} />
            <TextInput field="model" values={values} errors={errors} required={false} />
            <TextInput field="serial" values={values} errors={errors} required={false} />
          </>
        )}
        <div className="field">
          <label htmlFor={id("problem")}>{REPAIR_LABELS.problem} *</label>
          <p className="field-hint" id={`${id("problem")}-hint`}>
            Qué hace o deja de hacer, desde cuándo, y el código de error si la pantalla muestra uno.
          </p>
          <textarea id={id("problem")} name="problem" rows={5} maxLength={REPAIR_MAX_LENGTH.problem} defaultValue={values.problem ?? ""} required {...described(errors, "problem", `${id("problem")}-hint`)} />
          <FieldError errors={errors} field="problem" />
        </div>
        <fieldset className={`checkout-choice${errors.urgency ? " field-invalid" : ""}`}>
          <legend>{REPAIR_LABELS.urgency} *</legend>
          {URGENCIES.map((urgency) => (
            <label key={urgency} className="choice">
              <input type="radio" name="urgency" value={urgency} defaultChecked={values.urgency === urgency} required />
              <span>{URGENCY_LABELS[urgency]}</span>
            </label>
          ))}
          <FieldError errors={errors} field="urgency" />
        </fieldset>
        <div className="field">
          <label htmlFor={id(REPAIR_PHOTO_FIELD)}>
            Fotos <span className="field-optional">(opcional, hasta {MAX_REPAIR_PHOTOS})</span>
          </label>
          <p className="field-hint" id={`${id(REPAIR_PHOTO_FIELD)}-hint`}>
            Del equipo, de su placa de características o del código de error: nos ayudan a llevar la pieza.
          </p>
          <input
            id={id(REPAIR_PHOTO_FIELD)}
            name={REPAIR_PHOTO_FIELD}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/*"
            multiple
            onChange={(event) => void smallerPhotos(event.currentTarget)}
            {...described(errors, REPAIR_PHOTO_FIELD, `${id(REPAIR_PHOTO_FIELD)}-hint`)}
          />
          <FieldError errors={errors} field={REPAIR_PHOTO_FIELD} />
        </div>
      </fieldset>

      <fieldset className="repair-group">
        <legend>Dónde y cómo le localizamos</legend>
        <TextInput field="name" values={values} errors={errors} autoComplete="name" />
        <TextInput field="phone" values={values} errors={errors} type="tel" autoComplete="tel" />
        <TextInput field="email" values={values} errors={errors} type="email" autoComplete="email" />
        <TextInput field="address" values={values} errors={errors} autoComplete="street-address" />
        <TextInput field="postcode" values={values} errors={errors} autoComplete="postal-code" />
        <TextInput field="town" values={values} errors={errors} autoComplete="address-level2" />
        <TextInput field="availability" values={values} errors={errors} required={false} />
      </fieldset>

      <Honeypot id={id(HONEYPOT_FIELD)} />

      <div className="repair-cost" role="note" aria-label="Lo que cuesta">
        <h2>Lo que cuesta</h2>
        <p>{coverage}</p>
        {payNow ? (
          <fieldset className="checkout-choice">
            <legend>¿Cuándo paga el desplazamiento?</legend>
            {CALL_OUT_PAYMENTS.map((choice) => (
              <label key={choice} className="choice">
                <input type="radio" name={CALL_OUT_PAY_FIELD} value={choice} defaultChecked={choice === "visita"} />
                <span>{CALL_OUT_PAYMENT_LABELS[choice]}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
      </div>
      <button type="submit" className="button button-accent" disabled={busy} aria-busy={busy || undefined}>
        Enviar el aviso de avería
      </button>
    </Form>
  );
}

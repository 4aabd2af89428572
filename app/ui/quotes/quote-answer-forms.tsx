import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { RECEIVED_STATEMENT, USED_MATERIALS_STATEMENT } from "~/domain/quotes/quote-document-text";
import { REDUCED_VAT_CONDITIONS } from "~/domain/quotes/quote-vat";
import { Price } from "../price";
import { SignatureField } from "./signature-field";

/*
 * The customer's three answers (issue 17): real forms posting to the page's action, so they
 * work without JavaScript; the signature pad is the only enhancement.
 */

export type AlternativeChoice = {
  key: string;
  title: string;
  usedMaterials: boolean;
  standardTotalCents: number;
  reducedTotalCents: number | null;
  depositStandardCents: number;
  depositReducedCents: number | null;
};

export type Reply = { intent: string; message: string; errors: Record<string, string>; fields: Record<string, string> } | undefined;

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="field-error">
      {text}
    </p>
  ) : null;
}

function Hidden({ version, documentSha256, intent }: { version: number; documentSha256: string; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="documentSha256" value={documentSha256} />
    </>
  );
}

export function AcceptForm({ version, documentSha256, alternatives, askNif, reply }: { version: number; documentSha256: string; alternatives: AlternativeChoice[]; askNif: boolean; reply: Reply }) {
  const [wantPad, setWantPad] = useState(false);
  const mine = reply?.intent === "aceptar" ? reply : undefined;
  const errors = mine?.errors ?? {};
  const fields = mine?.fields ?? {};
  const [chosen, setChosen] = useState(fields.alternative ?? (alternatives.length === 1 ? alternatives[0]!.key : ""));
  const anyUsed = alternatives.some((a) => a.usedMaterials);
  const anyReduced = alternatives.some((a) => a.reducedTotalCents !== null);
  const busy = useNavigation().state === "submitting";
  const start = () => setWantPad(true);
  return (
    <Form method="post" className="quote-answer quote-accept" onFocus={start} onPointerOver={start} aria-labelledby="aceptar-titulo" noValidate>
      <h2 id="aceptar-titulo">Aceptar el presupuesto</h2>
      <Hidden version={version} documentSha256={documentSha256} intent="aceptar" />
      {mine ? (
        <p role="alert" className="form-error">
          {mine.message}
        </p>
      ) : null}
      <fieldset className="quote-choices" aria-describedby={errors.alternative ? "opcion-error" : undefined}>
        <legend>Elija la opción que acepta</legend>
        {alternatives.map((a) => (
          <label key={a.key} className="quote-choice">
            <input type="radio" name="alternative" value={a.key} checked={chosen === a.key} onChange={() => setChosen(a.key)} required />
            <span>
              <strong>
                Opción {a.key}
                {a.title ? `: ${a.title}` : ""}
              </strong>
              <br />
              Total con IVA del 21 %: <Price cents={a.standardTotalCents} />
              {a.reducedTotalCents !== null ? (
                <>
                  <br />
                  Con IVA del 10 % si confirma las condiciones: <Price cents={a.reducedTotalCents} />
                </>
              ) : null}
              {a.depositStandardCents > 0 ? (
                <>
                  <br />
                  Señal al aceptar: <Price cents={a.depositStandardCents} />
                  {a.depositReducedCents !== null && a.depositReducedCents !== a.depositStandardCents ? (
                    <>
                      {" "}
                      (<Price cents={a.depositReducedCents} /> con IVA del 10 %)
                    </>
                  ) : null}
                </>
              ) : null}
              {a.usedMaterials ? (
                <>
                  <br />
                  Lleva materiales usados.
                </>
              ) : null}
            </span>
          </label>
        ))}
        <FieldError id="opcion-error" text={errors.alternative} />
      </fieldset>
      <div className="field">
        <label htmlFor="fullName">Nombre y apellidos</label>
        <input id="fullName" name="fullName" type="text" autoComplete="name" required maxLength={150} defaultValue={fields.fullName} aria-describedby={errors.fullName ? "nombre-error" : undefined} aria-invalid={errors.fullName ? true : undefined} />
        <FieldError id="nombre-error" text={errors.fullName} />
      </div>
      {askNif ? (
        <div className="field">
          <label htmlFor="customerNif">DNI, NIE o NIF (para las facturas)</label>
          <input
            id="customerNif"
            name="customerNif"
            type="text"
            autoComplete="off"
            maxLength={20}
            defaultValue={fields.customerNif}
            aria-describedby={errors.customerNif ? "nif-ayuda nif-error" : "nif-ayuda"}
            aria-invalid={errors.customerNif ? true : undefined}
          />
          <p id="nif-ayuda" className="field-hint">
            Las facturas de la señal y del trabajo lo llevan. Si lo deja en blanco, se lo pediremos antes de facturar.
          </p>
          <FieldError id="nif-error" text={errors.customerNif} />
        </div>
      ) : null}
      <SignatureField load={wantPad} error={errors.signature} typedDefault={fields.typedSignature} />
      <label className="checkbox-field quote-statement">
        <input type="checkbox" name="statement" required defaultChecked={fields.statement === "on"} aria-describedby={errors.statement ? "declaracion-error" : undefined} />
        <span>{RECEIVED_STATEMENT}</span>
      </label>
      <FieldError id="declaracion-error" text={errors.statement} />
      {anyUsed ? (
        <>
          <label className="checkbox-field quote-statement">
            <input type="checkbox" name="usedMaterials" defaultChecked={fields.usedMaterials === "on"} aria-describedby={errors.usedMaterials ? "usados-error" : undefined} />
            <span>{USED_MATERIALS_STATEMENT.toUpperCase()} (necesario si la opción que elige los lleva)</span>
          </label>
          <FieldError id="usados-error" text={errors.usedMaterials} />
        </>
      ) : null}
      {anyReduced ? (
        <fieldset className="quote-vat-confirm">
          <legend>IVA reducido del 10 %: confirme las dos condiciones si se cumplen (si no, se aplica el 21 %)</legend>
          <label className="checkbox-field">
            <input type="checkbox" name="reducedVatPrivate" defaultChecked={fields.reducedVatPrivate === "on"} />
            <span>{REDUCED_VAT_CONDITIONS[0]}</span>
          </label>
          <label className="checkbox-field">
            <input type="checkbox" name="reducedVatAge" defaultChecked={fields.reducedVatAge === "on"} />
            <span>{REDUCED_VAT_CONDITIONS[1]}</span>
          </label>
        </fieldset>
      ) : null}
      <button type="submit" className="button button-accent" aria-disabled={busy || undefined}>
        {busy ? "Enviando…" : "Aceptar y firmar"}
      </button>
    </Form>
  );
}

export function ChangesForm({ version, documentSha256, reply }: { version: number; documentSha256: string; reply: Reply }) {
  const mine = reply?.intent === "cambios" ? reply : undefined;
  return (
    <Form method="post" className="quote-answer" aria-labelledby="cambios-titulo">
      <h2 id="cambios-titulo">Pedir cambios</h2>
      <Hidden version={version} documentSha256={documentSha256} intent="cambios" />
      {mine ? (
        <p role="alert" className="form-error">
          {mine.message}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="cambios-mensaje">¿Qué quiere cambiar?</label>
        <textarea id="cambios-mensaje" name="message" rows={4} maxLength={3000} required defaultValue={mine?.fields.message} aria-describedby={mine?.errors.message ? "cambios-error" : undefined} />
        <FieldError id="cambios-error" text={mine?.errors.message} />
      </div>
      <button type="submit" className="button">
        Pedir cambios
      </button>
    </Form>
  );
}

export function DeclineForm({ version, documentSha256, reply }: { version: number; documentSha256: string; reply: Reply }) {
  const mine = reply?.intent === "rechazar" ? reply : undefined;
  return (
    <Form method="post" className="quote-answer" aria-labelledby="rechazar-titulo">
      <h2 id="rechazar-titulo">Rechazar el presupuesto</h2>
      <Hidden version={version} documentSha256={documentSha256} intent="rechazar" />
      {mine ? (
        <p role="alert" className="form-error">
          {mine.message}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="rechazo-mensaje">Si quiere, díganos por qué (opcional)</label>
        <textarea id="rechazo-mensaje" name="message" rows={3} maxLength={3000} defaultValue={mine?.fields.message} />
      </div>
      <button type="submit" className="button button-secondary">
        Rechazar el presupuesto
      </button>
    </Form>
  );
}

import { formatYmd } from "~/domain/dates/madrid-dates";
import type { QuoteDocument } from "~/domain/quotes/quote-content";
import { depositLabel } from "~/domain/quotes/quote-deposit";
import { LINE_KIND_LABELS, quotesUsedMaterials, RECEIVED_STATEMENT, USED_MATERIALS_STATEMENT } from "~/domain/quotes/quote-document-text";
import { percentBasis, quantity } from "~/domain/quotes/quote-format";
import { alternativeTotals, lineBaseCents } from "~/domain/quotes/quote-totals";
import { MATERIALS_LIMIT_PERCENT, REDUCED_VAT_CONDITIONS } from "~/domain/quotes/quote-vat";
import { Price } from "../price";

/*
 * A sent quote version as the customer reads it (issue 17): the same facts as its PDF and its
 * hashed text (quote-document-text.ts), in the same order. The back office shows it too.
 */

const place = (p: { address: string; postcode: string; town: string; province: string }) => [p.address, p.postcode, p.town, p.province].filter(Boolean).join(", ");

export function QuoteDocumentView({ doc, headingLevel = 2 }: { doc: QuoteDocument; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as "h2";
  const Sub = `h${headingLevel + 1}` as "h3";
  const anyReduced = doc.alternatives.some((a) => alternativeTotals(a, doc.dwellingRenovation).reducedPossible);
  return (
    <div className="quote-document">
      <div className="quote-parties">
        <section aria-labelledby="quote-seller">
          <H id="quote-seller">Empresa instaladora</H>
          <p>
            <strong>{doc.seller.legalName}</strong>
            <br />
            NIF: {doc.seller.nif}
            <br />
            {doc.seller.address}
            <br />
            Teléfono: {doc.seller.phone}
            <br />
            E-mail: {doc.seller.email}
            <br />
            Registro de empresas instaladoras: {doc.seller.industrialRegistry}
          </p>
        </section>
        <section aria-labelledby="quote-customer">
          <H id="quote-customer">Cliente</H>
          <p>
            <strong>{doc.customer.name}</strong>
            {doc.customer.nif ? (
              <>
                <br />
                NIF: {doc.customer.nif}
              </>
            ) : null}
            <br />
            {place(doc.customer)}
            {doc.customer.phone ? (
              <>
                <br />
                Teléfono: {doc.customer.phone}
              </>
            ) : null}
          </p>
          <p>
            <strong>Lugar de la obra:</strong> {place(doc.workPlace)}
          </p>
        </section>
      </div>
      <section aria-labelledby="quote-work">
        <H id="quote-work">El trabajo</H>
        <p className="quote-pre">{doc.description}</p>
        <dl className="quote-facts">
          <dt>Inicio aproximado</dt>
          <dd>{doc.startOn ? formatYmd(doc.startOn) : "A convenir"}</dd>
          <dt>Fin aproximado</dt>
          <dd>{doc.endOn ? formatYmd(doc.endOn) : "A convenir"}</dd>
          <dt>Garantía</dt>
          <dd>{doc.guarantee}</dd>
          <dt>Validez</dt>
          <dd>
            Hasta el {formatYmd(doc.validUntil)} inclusive ({doc.validityDays} días)
          </dd>
          <dt>Señal</dt>
          <dd>
            {depositLabel(doc.deposit)}
            {doc.deposit.kind === "importe" ? (
              <>
                : <Price cents={doc.deposit.cents} />
              </>
            ) : null}
          </dd>
        </dl>
      </section>
      {doc.alternatives.map((alternative) => {
        const totals = alternativeTotals(alternative, doc.dwellingRenovation);
        return (
          <section key={alternative.key} className="quote-alternative" aria-labelledby={`opcion-${alternative.key}`}>
            <H id={`opcion-${alternative.key}`}>
              Opción {alternative.key}
              {alternative.title ? `: ${alternative.title}` : ""}
            </H>
            <ul className="quote-lines">
              {alternative.lines.map((line, i) => (
                <li key={i}>
                  <span className="quote-line-what">
                    <span className="quote-line-kind">{LINE_KIND_LABELS[line.kind]}:</span> {line.description}
                    {line.quality ? <span className="quote-line-quality"> · Calidad: {line.quality}</span> : null}
                    {line.used ? <strong className="quote-line-used"> · Material usado</strong> : null}
                  </span>
                  <span className="quote-line-amount">
                    {quantity(line.quantityMilli)} {line.unit} × <Price cents={line.unitCents} /> ={" "}
                    {line.kind === "descuento" ? "−" : ""}
                    <Price cents={lineBaseCents(line)} />
                  </span>
                </li>
              ))}
            </ul>
            <dl className="quote-totals">
              <div className="quote-total-row">
                <dt>Base imponible</dt>
                <dd>
                  <Price cents={totals.baseCents} />
                </dd>
              </div>
              {totals.standard.taxes.map((tax) => (
                <div key={tax.rate} className="quote-total-row">
                  <dt>IVA {tax.rate} %</dt>
                  <dd>
                    <Price cents={tax.vatCents} />
                  </dd>
                </div>
              ))}
              <div className="quote-total-row quote-total-strong">
                <dt>Total con IVA del 21 %</dt>
                <dd>
                  <Price cents={totals.standard.totalCents} />
                </dd>
              </div>
              {totals.reduced ? (
                <div className="quote-total-row quote-total-strong">
                  <dt>Total con IVA del 10 % (si confirma las condiciones)</dt>
                  <dd>
                    <Price cents={totals.reduced.totalCents} />
                  </dd>
                </div>
              ) : null}
              {totals.materialsShareBasis !== null ? (
                <div className="quote-total-row">
                  <dt>Parte de materiales</dt>
                  <dd>{percentBasis(totals.materialsShareBasis)}</dd>
                </div>
              ) : null}
            </dl>
            {totals.materialsShareBasis !== null ? <MaterialsShareNote reduced={totals.reduced !== null} /> : null}
          </section>
        );
      })}
      {anyReduced ? (
        <section aria-labelledby="quote-vat">
          <H id="quote-vat">IVA reducido del 10 %</H>
          <p>
            Las obras de reforma o reparación de una vivienda llevan el 10 % de IVA (art. 91.Uno.2.10º de la Ley 37/1992) cuando los materiales no
            pasan del 40 % de la base, como aquí, y además usted confirma al aceptar:
          </p>
          <ul>
            {REDUCED_VAT_CONDITIONS.map((condition) => (
              <li key={condition}>{condition}</li>
            ))}
          </ul>
          <p>Sin esa confirmación se aplica el 21 %.</p>
        </section>
      ) : null}
      {doc.notes ? (
        <section aria-labelledby="quote-notes">
          <H id="quote-notes">Notas</H>
          <p className="quote-pre">{doc.notes}</p>
        </section>
      ) : null}
      <section aria-labelledby="quote-signatures" className="quote-signatures">
        <Sub id="quote-signatures">Firmas</Sub>
        <p>
          Por {doc.seller.legalName}, Madrid, {formatYmd(doc.issuedOn)}.
        </p>
        <p>
          El cliente firma bajo: <strong>{RECEIVED_STATEMENT}</strong>
          {quotesUsedMaterials(doc) ? (
            <>
              {" "}
              y <strong>{USED_MATERIALS_STATEMENT.toUpperCase()}</strong>
            </>
          ) : null}
          .
        </p>
      </section>
    </div>
  );
}

/** What the materials' share is and why the quote shows it (customers read "83,39 %" with no word on it: issue 30). */
function MaterialsShareNote({ reduced }: { reduced: boolean }) {
  return (
    <details className="quote-materials-note">
      <summary>¿Qué es la parte de materiales?</summary>
      <p>
        Es lo que suponen los materiales dentro de la base imponible de esta opción. Decide el IVA de una obra de reforma o reparación en una
        vivienda: lleva el 10 % cuando los materiales no pasan del {MATERIALS_LIMIT_PERCENT} % de la base (art. 91.Uno.2.10º de la Ley 37/1992), y
        el 21 % cuando pasan.{" "}
        {reduced ? "Aquí no pasan: por eso se muestra también el total con el 10 %." : "Aquí pasan, o la obra no cumple las demás condiciones: lleva el 21 %."}
      </p>
    </details>
  );
}

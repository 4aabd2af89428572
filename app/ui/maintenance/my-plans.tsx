import { Form } from "react-router";
import { formatYmd } from "~/domain/dates/madrid-dates";
import { capitalize, visitWhen } from "~/domain/visits/visit-format";
import { PLAN_STATE_LABELS, RENEWAL_METHOD_LABELS } from "~/domain/maintenance/plans";
import { REFRIGERANTS } from "~/domain/maintenance/refrigerants";
import { equipmentOptions, UNIT_FIELDS } from "~/domain/maintenance/unit-fields";
import { MANDATE_FIELDS } from "~/domain/payments/sepa-mandate-fields";
import type { MyPlan, PlanReply } from "~/domain/maintenance/my-plan";
import { Price } from "../price";

/*
 * The customer's maintenance plans in Mis equipos (issue 31): state, what it covers, its units
 * with the next visit and leak check, the renewal; cancelling in two clicks (the button, then
 * «Sí, cancelar»), and declaring the unit of a plan bought alone. Plain forms: they work
 * without JavaScript.
 */

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="field">
      {label ? <label htmlFor={id}>{label}</label> : null}
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function DeclareUnit({ plan, reply }: { plan: MyPlan; reply: PlanReply | null }) {
  const mine = reply && reply.planId === plan.id && !reply.ok && reply.values?.intent === "declarar-equipo" ? reply : null;
  const errors = mine?.errors ?? {};
  const values = mine?.values ?? {};
  const id = (name: string) => `plan-${plan.id}-${name}`;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${id(name)}-error` } : {});
  return (
    <Form method="post" className="plan-unit-form">
      <h3>¿Qué equipo quiere mantener?</h3>
      <p className="field-hint">Lo encontrará en la placa de características del equipo. Con estos datos preparamos la primera visita.</p>
      <input type="hidden" name="intent" value="declarar-equipo" />
      <input type="hidden" name="plan" value={plan.id} />
      <Field id={id("tipo")} label="Tipo de equipo" error={errors[UNIT_FIELDS.equipment]}>
        <select id={id("tipo")} name={UNIT_FIELDS.equipment} defaultValue={values[UNIT_FIELDS.equipment] ?? ""} {...described(UNIT_FIELDS.equipment)}>
          <option value="">Elija…</option>
          {equipmentOptions(plan.family).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      {(
        [
          [UNIT_FIELDS.brand, "Marca", "text", 60],
          [UNIT_FIELDS.model, "Modelo", "text", 80],
          [UNIT_FIELDS.serial, "Número de serie", "text", 60],
          [UNIT_FIELDS.installedOn, "Fecha de instalación", "date", 10],
          [UNIT_FIELDS.powerKw, "Potencia en kW (opcional)", "text", 10],
        ] as const
      ).map(([name, label, type, max]) => (
        <Field key={name} id={id(name)} label={label} error={errors[name]}>
          <input id={id(name)} name={name} type={type} maxLength={max} defaultValue={values[name] ?? ""} inputMode={name === UNIT_FIELDS.powerKw ? "decimal" : undefined} {...described(name)} />
        </Field>
      ))}
      <Field id={id("refrigerante")} label="Gas refrigerante (opcional; aires y aerotermia)" error={errors[UNIT_FIELDS.refrigerant]}>
        <select id={id("refrigerante")} name={UNIT_FIELDS.refrigerant} defaultValue={values[UNIT_FIELDS.refrigerant] ?? ""} {...described(UNIT_FIELDS.refrigerant)}>
          <option value="">No lo sé o no tiene</option>
          {REFRIGERANTS.map((gas) => (
            <option key={gas} value={gas}>
              {gas}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id("carga")} label="Carga de refrigerante en kg (opcional)" error={errors[UNIT_FIELDS.chargeKg]}>
        <input id={id("carga")} name={UNIT_FIELDS.chargeKg} type="text" inputMode="decimal" maxLength={10} defaultValue={values[UNIT_FIELDS.chargeKg] ?? ""} {...described(UNIT_FIELDS.chargeKg)} />
      </Field>
      <div className="field">
        <label className="choice" htmlFor={id("sellado")}>
          <input id={id("sellado")} name={UNIT_FIELDS.sealed} type="checkbox" value="si" defaultChecked={values[UNIT_FIELDS.sealed] === "si"} />
          <span>La placa dice «sellado herméticamente»</span>
        </label>
      </div>
      <button type="submit" className="button">
        Guardar el equipo
      </button>
    </Form>
  );
}

function PendingRenewal({ renewal }: { renewal: NonNullable<MyPlan["pendingRenewal"]> }) {
  if (renewal.card) {
    return (
      <div className="plan-renewal" role="region" aria-label="Renovación pendiente de pago">
        <h3 className="equipment-docs-title">Renovación del {formatYmd(renewal.renewsOn)}: con tarjeta</h3>
        <p>
          Cargaremos {renewal.card.amount} en su {renewal.card.label} el {formatYmd(renewal.renewsOn)}. No tiene que hacer nada.
        </p>
      </div>
    );
  }
  if (renewal.debit) {
    return (
      <div className="plan-renewal" role="region" aria-label="Renovación pendiente de pago">
        <h3 className="equipment-docs-title">Renovación del {formatYmd(renewal.renewsOn)}: domiciliada</h3>
        <p>
          Cargaremos {renewal.debit.amount} en su cuenta {renewal.debit.account} el {formatYmd(renewal.renewsOn)} o el primer día hábil bancario después. No tiene que hacer
          nada.
        </p>
      </div>
    );
  }
  return (
    <div className="plan-renewal" role="region" aria-label="Renovación pendiente de pago">
      <h3 className="equipment-docs-title">Renovación del {formatYmd(renewal.renewsOn)}: pendiente de pago</h3>
      <p>Pague por transferencia antes del {renewal.lastDay} para seguir con el plan:</p>
      <dl className="equipment-facts">
        <dt>Titular</dt>
        <dd>{renewal.transfer.holder}</dd>
        <dt>IBAN</dt>
        <dd>{renewal.transfer.iban}</dd>
        <dt>Importe</dt>
        <dd>{renewal.transfer.amount}</dd>
        <dt>Concepto</dt>
        <dd>{renewal.transfer.concept}</dd>
      </dl>
    </div>
  );
}

/**
 * Domiciliación: the mandate form (holder, IBAN, the wording accepted), or the mandate in force
 * and the way back to transfer. The card Redsys keeps: which, and the way back to transfer.
 */
function RenewalPayment({ plan, reply }: { plan: MyPlan; reply: PlanReply | null }) {
  if (!plan.cancellable) return null;
  const { mandate, card } = plan.payment;
  if (card) {
    return (
      <>
        <Form method="post" className="plan-cancel">
          <input type="hidden" name="intent" value="transferencia" />
          <input type="hidden" name="plan" value={plan.id} />
          <p>
            Las renovaciones se cargan en su {card.label} (válida hasta {card.expiry}), guardada por Redsys.
          </p>
          <button type="submit" className="button button-secondary">
            Pagar por transferencia en su lugar
          </button>
        </Form>
        <MandateForm plan={plan} reply={reply} />
      </>
    );
  }
  if (mandate) {
    return (
      <Form method="post" className="plan-cancel">
        <input type="hidden" name="intent" value="transferencia" />
        <input type="hidden" name="plan" value={plan.id} />
        <p>
          Las renovaciones se cargan en su cuenta {mandate.account} (orden de domiciliación {mandate.reference}).
        </p>
        <button type="submit" className="button button-secondary">
          Pagar por transferencia en su lugar
        </button>
      </Form>
    );
  }
  return <MandateForm plan={plan} reply={reply} />;
}

function MandateForm({ plan, reply }: { plan: MyPlan; reply: PlanReply | null }) {
  if (!plan.payment.debitOffered) return null;
  const mine = reply && reply.planId === plan.id && !reply.ok && reply.values?.intent === "domiciliar" ? reply : null;
  const errors = mine?.errors ?? {};
  const values = mine?.values ?? {};
  const id = (name: string) => `plan-${plan.id}-${name}`;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${id(name)}-error` } : {});
  return (
    <details className="plan-cancel" open={mine !== null}>
      <summary>Domiciliar las renovaciones</summary>
      <Form method="post" className="plan-unit-form">
        <input type="hidden" name="intent" value="domiciliar" />
        <input type="hidden" name="plan" value={plan.id} />
        <Field id={id("titular")} label="Titular de la cuenta" error={errors[MANDATE_FIELDS.holder]}>
          <input id={id("titular")} name={MANDATE_FIELDS.holder} type="text" maxLength={70} autoComplete="name" defaultValue={values[MANDATE_FIELDS.holder] ?? ""} {...described(MANDATE_FIELDS.holder)} />
        </Field>
        <Field id={id("iban")} label="IBAN" error={errors[MANDATE_FIELDS.iban]}>
          <input id={id("iban")} name={MANDATE_FIELDS.iban} type="text" maxLength={42} autoComplete="off" spellCheck={false} placeholder="ES00 0000 0000 0000 0000 0000" defaultValue={values[MANDATE_FIELDS.iban] ?? ""} {...described(MANDATE_FIELDS.iban)} />
        </Field>
        <p className="field-hint">{plan.payment.wording}</p>
        <Field id={id("acepto")} label="" error={errors[MANDATE_FIELDS.accept]}>
          <label className="choice" htmlFor={id("acepto")}>
            <input id={id("acepto")} name={MANDATE_FIELDS.accept} type="checkbox" value="si" {...described(MANDATE_FIELDS.accept)} />
            <span>Acepto esta orden de domiciliación</span>
          </label>
        </Field>
        <button type="submit" className="button">
          Firmar la orden de domiciliación
        </button>
      </Form>
    </details>
  );
}

function CancelPlan({ plan }: { plan: MyPlan }) {
  return (
    <details className="plan-cancel">
      <summary>Cancelar el plan</summary>
      <Form method="post">
        <input type="hidden" name="intent" value="cancelar-plan" />
        <input type="hidden" name="plan" value={plan.id} />
        <p>El plan no se renovará el {formatYmd(plan.renewsOn)} y no le cobraremos nada más por él. Las visitas hechas y sus certificados seguirán aquí.</p>
        <div className="field">
          <label htmlFor={`plan-${plan.id}-motivo`}>¿Por qué lo cancela? (opcional)</label>
          <input id={`plan-${plan.id}-motivo`} name="motivo" type="text" maxLength={200} />
        </div>
        <button type="submit" className="button button-secondary">
          Sí, cancelar el plan
        </button>
      </Form>
    </details>
  );
}

/** The five-yearly inspection of the home's gas (plans of gas units): when it was, when it falls next, and the form to give the day. */
function GasInspection({ plan, reply }: { plan: MyPlan; reply: PlanReply | null }) {
  const inspection = plan.gasInspection!;
  const mine = reply && reply.planId === plan.id && reply.values?.intent === "inspeccion-gas" ? reply : null;
  const id = `plan-${plan.id}-gas`;
  const error = mine?.errors?.ultima;
  return (
    <section aria-labelledby={`${id}-titulo`}>
      <h3 className="equipment-docs-title" id={`${id}-titulo`}>
        Inspección periódica del gas
      </h3>
      <p>
        {inspection.lastOn && inspection.dueOn
          ? `La última fue el ${formatYmd(inspection.lastOn)}; la próxima toca antes del ${formatYmd(inspection.dueOn)}. La hace su distribuidora de gas cada cinco años y le avisa antes.`
          : "Cada cinco años su distribuidora de gas inspecciona la instalación de su casa. Díganos cuándo fue la última y se la recordaremos en la visita de mantenimiento."}
      </p>
      <Form method="post" className="plan-unit-form" noValidate>
        <input type="hidden" name="intent" value="inspeccion-gas" />
        <input type="hidden" name="plan" value={plan.id} />
        <Field id={`${id}-ultima`} label="Día de la última inspección" error={error}>
          <input
            id={`${id}-ultima`}
            name="ultima"
            type="date"
            required
            defaultValue={mine?.values?.ultima ?? inspection.lastOn ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-ultima-error` : undefined}
          />
        </Field>
        <button type="submit" className="button button-secondary">
          Guardar la fecha
        </button>
      </Form>
    </section>
  );
}

export function MyPlans({ plans, reply }: { plans: MyPlan[]; reply: PlanReply | null }) {
  return (
    <ul className="equipment-list">
      {plans.map((plan) => (
        <li key={plan.id} className="equipment-card" id={`plan-${plan.id}`}>
          <h2>
            {plan.title} <span className="plan-number">(plan n.º {plan.id})</span>
          </h2>
          {reply && reply.planId === plan.id && (reply.ok || !reply.errors) ? (
            <p role={reply.ok ? "status" : "alert"} className={reply.ok ? "form-ok notice" : "form-error notice"}>
              {reply.message}
            </p>
          ) : null}
          <dl className="equipment-facts">
            <dt>Estado</dt>
            <dd>{PLAN_STATE_LABELS[plan.state]}</dd>
            <dt>Precio</dt>
            <dd>
              <Price cents={plan.priceCents} /> al año
            </dd>
            <dt>Desde el</dt>
            <dd>{formatYmd(plan.startedOn)}</dd>
            {plan.cancellable ? (
              <>
                <dt>Se renueva el</dt>
                <dd>
                  {formatYmd(plan.renewsOn)} ({RENEWAL_METHOD_LABELS[plan.renewalMethod].toLowerCase()})
                </dd>
              </>
            ) : null}
            {plan.visit ? (
              <>
                <dt>Próxima visita</dt>
                <dd>
                  {plan.visit.startsAt && plan.visit.endsAt ? (
                    <>
                      {capitalize(visitWhen(plan.visit.startsAt, plan.visit.endsAt))} · <a href={plan.visit.href}>Cambiar el día</a>
                    </>
                  ) : (
                    <>
                      antes del {formatYmd(plan.visit.dueOn)} · <a href={plan.visit.href}>Elegir el día</a>
                    </>
                  )}
                </dd>
              </>
            ) : plan.nextVisitDueOn ? (
              <>
                <dt>Próxima visita</dt>
                <dd>antes del {formatYmd(plan.nextVisitDueOn)}: le escribiremos seis semanas antes para que elija el día</dd>
              </>
            ) : null}
            <dt>Dirección</dt>
            <dd>{plan.place}</dd>
          </dl>
          {plan.pendingRenewal ? <PendingRenewal renewal={plan.pendingRenewal} /> : null}
          <h3 className="equipment-docs-title">Incluye</h3>
          <ul className="equipment-docs">
            {plan.covers.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {plan.units.length ? (
            <>
              <h3 className="equipment-docs-title">Equipos del plan</h3>
              <ul className="equipment-docs">
                {plan.units.map((unit) => (
                  <li key={unit.id}>
                    {unit.title} ({unit.equipment.toLowerCase()}
                    {unit.serialNumber ? `, n.º de serie ${unit.serialNumber}` : ""}
                    {unit.installedOn ? `, instalado el ${formatYmd(unit.installedOn)}` : ", pendiente de instalar"})
                    {unit.leakCheckDueOn ? `. Control de fugas de gas fluorado antes del ${formatYmd(unit.leakCheckDueOn)}.` : ""}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {plan.records.length ? (
            <>
              <h3 className="equipment-docs-title">Registros de mantenimiento</h3>
              <ul className="equipment-docs">
                {plan.records.map((record) => (
                  <li key={record.href}>
                    <a href={record.href}>Registro de operaciones de mantenimiento del {formatYmd(record.signedOn)} (PDF)</a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {plan.invoices.length ? (
            <>
              <h3 className="equipment-docs-title">Facturas del plan</h3>
              <ul className="equipment-docs">
                {plan.invoices.map((invoice) => (
                  <li key={invoice.number}>
                    <a href={`/login/equipos/facturas/${invoice.number}`}>
                      Factura {invoice.number} del {formatYmd(invoice.issuedOn)}, <Price cents={invoice.totalCents} /> (PDF)
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {plan.gasInspection && plan.cancellable ? <GasInspection plan={plan} reply={reply} /> : null}
          {plan.needsUnit ? <DeclareUnit plan={plan} reply={reply} /> : null}
          <RenewalPayment plan={plan} reply={reply} />
          {plan.cancellable ? <CancelPlan plan={plan} /> : null}
        </li>
      ))}
    </ul>
  );
}

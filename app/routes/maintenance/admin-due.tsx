import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { madridDay, monthAndYear, formatYmd } from "~/domain/dates/madrid-dates";
import { capitalize } from "~/domain/visits/visit-format";
import { formatEuros } from "~/domain/money";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { pageUrl } from "~/server/http/page-url.server";
import { DUE_KIND_LABELS, type DueItem } from "~/domain/maintenance/due-items";
import { dueInMonth, monthStart } from "~/server/maintenance/due-list.server";
import { pendingRenewals, recordRenewalPayment } from "~/server/maintenance/plan-renewals.server";
import { CARD_CHARGE_MESSAGES, isUnconfirmed, unconfirmedChargeNotMade } from "~/server/maintenance/plan-card-charges.server";
import { cardChargesById, type CardCharge } from "~/server/payments/stored-cards.server";
import { creditedDebits, DEBIT_PROBLEMS, debitsReady, recordDebitReturn } from "~/server/maintenance/plan-debits.server";
import { sepaConfig } from "~/server/config.server";
import { RETURN_REASONS } from "~/domain/payments/sepa-returns";
import { readForm } from "~/server/http/request-body.server";
import { renewalTransferConcept } from "~/domain/maintenance/renewals";
import { MAINTENANCE_TITLES } from "~/domain/site/services";
import { isYmd } from "~/domain/dates/madrid-dates";
import { FormReply } from "~/ui/admin/form-reply";
import { PlanVisitsList } from "~/ui/maintenance/plan-visits-list";
import { openPlanVisits } from "~/server/maintenance/plan-visits.server";
import { planVisitStage } from "~/domain/maintenance/plan-visits";
import { visitWhen } from "~/domain/visits/visit-format";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AdminList, type AdminTable } from "~/ui/admin/admin-list";
import { adminMeta } from "~/ui/admin/admin-nav";
import type { Route } from "./+types/admin-due";

/**
 * /admin/mantenimiento (issue 31): what falls due this month and the next — maintenance visits,
 * plan renewals with the money they bring, F-gas leak checks and guarantees ending. `?mes=AAAA-MM`
 * starts at another month (the links move a month at a time).
 */
const query = z.object({ mes: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional().catch(undefined) });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { mes } = query.parse(Object.fromEntries(pageUrl(request).searchParams));
  const first = mes ? `${mes}-01` : monthStart(madridDay(new Date()));
  const db = await getDb();
  const months = [await dueInMonth(db, first), await dueInMonth(db, monthStart(first, 1))];
  const pending = await pendingRenewals(db);
  const charges = await cardChargesById(db, pending.map(({ renewal }) => renewal.cardChargeId).filter((id): id is number => id !== null));
  const now = new Date();
  const waiting = pending.map(({ renewal, plan }) => ({
    ...renewalRow(renewal, plan),
    concept: renewal.method === "tarjeta" ? "Cargo en la tarjeta guardada" : renewal.sepaMessageId ? `Adeudo ${renewal.sepaMessageId} (${renewal.sepaSequence}), cobro el ${formatYmd(renewal.collectionOn!)}` : renewalTransferConcept(plan.id, renewal.renewsOn),
    debited: renewal.sepaMessageId !== null,
    method: renewal.method,
    card: cardChargeFacts(renewal.cardChargeId ? charges.get(renewal.cardChargeId) : undefined, now),
  }));
  const today = madridDay(new Date());
  const debits = sepaConfig() ? await debitsReady(db, today) : null;
  // Credited debits can still come back for 8 weeks (the customer's refund right at the bank).
  const credited = (await creditedDebits(db, now)).map(({ renewal, plan }) => ({
    ...renewalRow(renewal, plan),
    concept: `Adeudo ${renewal.sepaMessageId}, cobrado el ${formatYmd(madridDay(renewal.paidAt!))}`,
  }));
  // Back from the debit file's route with nothing to send: why.
  const problem = pageUrl(request).searchParams.get("adeudos") ?? "";
  const debitProblem = problem in DEBIT_PROBLEMS ? DEBIT_PROBLEMS[problem as keyof typeof DEBIT_PROBLEMS] : null;
  const visits = (await openPlanVisits(db)).map((visit) => ({
    id: visit.id,
    planId: visit.planId,
    jobId: visit.jobId,
    dueOn: visit.dueOn,
    stage: planVisitStage(visit, now),
    when: visit.startsAt && visit.endsAt ? capitalize(visitWhen(visit.startsAt, visit.endsAt)) : null,
    hasTechnician: visit.technicianId !== null,
    customerName: visit.customerName,
    customerPhone: visit.customerPhone,
    customerId: visit.customerId,
  }));
  return { months, waiting, credited, visits, debits, debitProblem, today, previous: monthStart(first, -1).slice(0, 7), next: monthStart(first, 1).slice(0, 7) };
}

type RenewalFacts = Awaited<ReturnType<typeof pendingRenewals>>[number];

/** What both renewal lists show of a renewal and its plan (each adds its own «Concepto»). */
function renewalRow(renewal: RenewalFacts["renewal"], plan: RenewalFacts["plan"]) {
  const { id, renewsOn, amountCents } = renewal;
  return { id, planId: plan.id, title: MAINTENANCE_TITLES[plan.family], customerName: plan.customerName, customerId: plan.customerId, renewsOn, amountCents };
}

const paymentForm = z.object({
  intent: z.literal("cobrar"),
  renovacion: z.coerce.number().int().positive(),
  fecha: z.string().refine(isYmd, "Escriba el día del pago."),
  referencia: z.string().trim().max(60, "La referencia bancaria tiene como mucho 60 caracteres.").default(""),
});
const returnForm = z.object({
  intent: z.literal("devolucion"),
  renovacion: z.coerce.number().int().positive(),
  motivo: z.string().refine((code) => code in RETURN_REASONS, "Elija el motivo de la devolución que da el banco."),
});

export type RenewalReply = { ok: boolean; message: string; renewalId: number };

/** A card renewal's charge as the owner's list shows it: none yet, in flight, or without an answer to check in Redsys's portal. */
function cardChargeFacts(charge: CardCharge | undefined, now: Date): { code: string; unconfirmed: boolean } | null {
  return charge ? { code: charge.code, unconfirmed: isUnconfirmed(charge, now) } : null;
}

/**
 * «Marcar como cobrada» (a transfer, or a debit the bank credited) and «Registrar devolución»
 * (the bank returned a debit) (issue 31); the debit file is admin-debit-file.ts.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = Object.fromEntries(await readForm(request, { maxBytes: 4_000 }));
  const db = await getDb();
  const renewalId = Number(form.renovacion) || 0;
  if (form.intent === "no-cobrado") {
    if (!(renewalId > 0)) return data<RenewalReply>({ ok: false, message: CARD_CHARGE_MESSAGES.notFound, renewalId }, { status: 400 });
    const result = await unconfirmedChargeNotMade(db, admin, renewalId);
    return data<RenewalReply>({ ok: result.ok, message: result.message, renewalId }, { status: result.ok ? 200 : result.status });
  }
  if (form.intent === "devolucion") {
    const parsed = returnForm.safeParse(form);
    if (!parsed.success) return data<RenewalReply>({ ok: false, message: parsed.error.issues[0]?.message ?? "Revise el formulario.", renewalId }, { status: 400 });
    const result = await recordDebitReturn(db, admin, parsed.data.renovacion, parsed.data.motivo);
    return data<RenewalReply>({ ok: result.ok, message: result.message, renewalId }, { status: result.ok ? 200 : result.status });
  }
  const parsed = paymentForm.safeParse(form);
  if (!parsed.success) return data<RenewalReply>({ ok: false, message: parsed.error.issues[0]?.message ?? "Revise el formulario.", renewalId }, { status: 400 });
  const result = await recordRenewalPayment(db, admin, parsed.data.renovacion, { paidOn: parsed.data.fecha, bankReference: parsed.data.referencia });
  return data<RenewalReply>({ ok: result.ok, message: result.message, renewalId }, { status: result.ok ? 200 : result.status });
}

function NotChargedForm({ renewal }: { renewal: Waiting }) {
  return (
    <Form method="post" className="admin-paid-form" aria-label={`El cargo de la renovación del plan n.º ${renewal.planId} no se hizo`}>
      <input type="hidden" name="intent" value="no-cobrado" />
      <input type="hidden" name="renovacion" value={renewal.id} />
      <button type="submit" className="button button-secondary">
        No se cobró: pedir transferencia
      </button>
    </Form>
  );
}

/** What the «Cobro» cell says and offers, by how the renewal is paid. */
function Collection({ row, today }: { row: Waiting; today: string }) {
  if (row.method === "tarjeta") {
    if (!row.card) return <span className="admin-muted">Con tarjeta guardada: se cargará el {formatYmd(row.renewsOn)}.</span>;
    if (!row.card.unconfirmed) return <span className="admin-muted">Cargo en la tarjeta en curso (código {row.card.code}).</span>;
    return (
      <>
        <p className="field-error">Cargo en la tarjeta sin confirmar: búsquelo en el portal de Redsys con el código {row.card.code}.</p>
        <PaidForm renewal={row} today={today} />
        <NotChargedForm renewal={row} />
      </>
    );
  }
  return (
    <>
      {row.method === "transferencia" || row.debited ? <PaidForm renewal={row} today={today} /> : <span className="admin-muted">Domiciliada: irá en el próximo fichero de adeudos.</span>}
      {row.debited ? <ReturnForm renewal={row} /> : null}
    </>
  );
}

function ReturnForm({ renewal }: { renewal: { id: number; planId: number } }) {
  const id = `devolucion-${renewal.id}`;
  return (
    <Form method="post" className="admin-paid-form" aria-label={`Registrar la devolución del adeudo del plan n.º ${renewal.planId}`}>
      <input type="hidden" name="intent" value="devolucion" />
      <input type="hidden" name="renovacion" value={renewal.id} />
      <div className="field">
        <label htmlFor={`${id}-motivo`}>Motivo de la devolución</label>
        <select id={`${id}-motivo`} name="motivo" required defaultValue="">
          <option value="">Elija…</option>
          {Object.entries(RETURN_REASONS).map(([code, reason]) => (
            <option key={code} value={code}>
              {code}: {reason.meaning}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-secondary">
        Registrar devolución
      </button>
    </Form>
  );
}

type Waiting = Route.ComponentProps["loaderData"]["waiting"][number];

function PaidForm({ renewal, today }: { renewal: Waiting; today: string }) {
  const id = `renovacion-${renewal.id}`;
  return (
    <Form method="post" className="admin-paid-form" aria-label={`Marcar como cobrada la renovación del plan n.º ${renewal.planId}`}>
      <input type="hidden" name="intent" value="cobrar" />
      <input type="hidden" name="renovacion" value={renewal.id} />
      <div className="field">
        <label htmlFor={`${id}-fecha`}>Fecha del pago</label>
        <input id={`${id}-fecha`} name="fecha" type="date" defaultValue={today} max={today} required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-ref`}>Referencia bancaria</label>
        <input id={`${id}-ref`} name="referencia" type="text" maxLength={60} />
      </div>
      <button type="submit" className="button">
        Marcar como cobrada · {formatEuros(renewal.amountCents)}
      </button>
    </Form>
  );
}

type Credited = Route.ComponentProps["loaderData"]["credited"][number];

type RenewalRow = { title: string; planId: number; customerId: number | null; customerName: string; renewsOn: string; concept: string; amountCents: number };

/** The columns both renewal lists share: the plan, its customer, the renewal day, what it is, how much. */
function renewalColumns<Row extends RenewalRow>(): AdminTable<Row>["columns"] {
  return [
    { label: "Plan", cell: (row) => `${row.title} (plan n.º ${row.planId})`, phone: "title" },
    { label: "Cliente", cell: (row) => (row.customerId ? <Link to={`/admin/clientes/${row.customerId}`}>{row.customerName}</Link> : row.customerName) },
    { label: "Renovación", cell: (row) => formatYmd(row.renewsOn) },
    { label: "Concepto", cell: (row) => row.concept },
    { label: "Importe", cell: (row) => formatEuros(row.amountCents), num: true },
  ];
}

const CREDITED: AdminTable<Credited> = {
  caption: "Adeudos cobrados en las últimas 8 semanas: el banco aún puede devolverlos",
  rowKey: (row) => row.id,
  columns: [...renewalColumns<Credited>(), { label: "Devolución", cell: (row) => <ReturnForm renewal={row} /> }],
};

const WAITING: AdminTable<Waiting> = {
  caption: "Renovaciones avisadas que esperan su pago, la más antigua primero",
  rowKey: (row) => row.id,
  columns: renewalColumns<Waiting>(),
};

export const meta: Route.MetaFunction = () => adminMeta("Mantenimiento");

const TABLE: AdminTable<DueItem> = {
  caption: "Vencimientos del mes, por fecha",
  rowKey: (item) => `${item.kind}-${item.on}-${item.planId ?? ""}-${item.what}`,
  columns: [
    { label: "Qué", cell: (item) => DUE_KIND_LABELS[item.kind], phone: "title" },
    { label: "Fecha", cell: (item) => formatYmd(item.on) },
    { label: "Cliente", cell: (item) => (item.customerId ? <Link to={`/admin/clientes/${item.customerId}`}>{item.customerName}</Link> : item.customerName) },
    { label: "Detalle", cell: (item) => item.what },
    { label: "Importe", cell: (item) => (item.amountCents === null ? "—" : formatEuros(item.amountCents)), num: true },
  ],
};

export default function AdminDue() {
  const { months, waiting, credited, visits, debits, debitProblem, today, previous, next } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <>
      <h1>Mantenimiento</h1>
      <p className="admin-muted">Visitas de mantenimiento, renovaciones de planes, controles de fugas y garantías que terminan, mes a mes.</p>
      <PlanVisitsList rows={visits} />
      <section aria-labelledby="por-cobrar">
        <h2 id="por-cobrar">Renovaciones por cobrar</h2>
        <FormReply reply={reply ? (reply.ok ? { ok: true, message: reply.message } : { ok: false, error: reply.message }) : null} />
        <AdminList
          table={{
            ...WAITING,
            columns: [
              ...WAITING.columns,
              {
                label: "Cobro",
                cell: (row) => <Collection row={row} today={today} />,
              },
            ],
          }}
          rows={waiting}
          count={{ total: waiting.length, one: "renovación por cobrar", many: "renovaciones por cobrar" }}
          empty="Ninguna renovación espera un pago."
        />
      </section>
      {credited.length > 0 ? (
        <section aria-labelledby="adeudos-cobrados">
          <h2 id="adeudos-cobrados">Adeudos cobrados</h2>
          <p className="admin-muted">
            El cliente puede pedir a su banco la devolución de un adeudo hasta 8 semanas después del cargo. Si llega, regístrela aquí: la renovación vuelve a esperar su pago y su
            factura se rectifica.
          </p>
          <AdminList table={CREDITED} rows={credited} count={{ total: credited.length, one: "adeudo cobrado", many: "adeudos cobrados" }} empty="Ningún adeudo cobrado." />
        </section>
      ) : null}
      {debits !== null ? (
        <section aria-labelledby="adeudos">
          <h2 id="adeudos">Adeudos SEPA</h2>
          <p>
            {debits === 1 ? "1 renovación domiciliada vence" : `${debits} renovaciones domiciliadas vencen`} en los próximos 14 días sin haber ido al banco. El fichero (pain.008, CORE)
            se sube a la banca por internet; cada adeudo se cobra en su día de renovación.
          </p>
          {debitProblem ? (
            <p role="alert" className="field-error">
              {debitProblem}
            </p>
          ) : null}
          <Form method="post" action="/admin/mantenimiento/adeudos" reloadDocument>
            <input type="hidden" name="intent" value="adeudos" />
            <button type="submit" className="button" disabled={debits === 0}>
              Descargar el fichero de adeudos
            </button>
          </Form>
        </section>
      ) : null}
      <nav className="admin-month-nav" aria-label="Meses">
        <Link to={`?mes=${previous}`}>← Mes anterior</Link>
        <Link to=".">Este mes</Link>
        <Link to={`?mes=${next}`}>Mes siguiente →</Link>
      </nav>
      {months.map((month) => (
        <section key={month.firstDay} aria-labelledby={`mes-${month.firstDay}`}>
          <h2 id={`mes-${month.firstDay}`}>{capitalize(monthAndYear(month.firstDay))}</h2>
          <AdminList
            table={{ ...TABLE, caption: `Vencimientos de ${monthAndYear(month.firstDay)}, por fecha` }}
            rows={month.items}
            status={`${month.items.length === 1 ? "1 vencimiento" : `${month.items.length} vencimientos`} · renovaciones: ${formatEuros(month.renewalsCents)}`}
            empty="Nada vence este mes."
          />
        </section>
      ))}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin", label: "Volver al panel" }} />;
}

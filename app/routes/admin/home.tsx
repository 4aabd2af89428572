import { Link, useLoaderData } from "react-router";
import { percentChange, winRate } from "~/domain/admin/figures";
import { formatDateTime, formatYmd, longDay, monthAndYear } from "~/domain/dates/madrid-dates";
import { filtersQuery, type OrderFilters } from "~/domain/orders/order-filters";
import { AWAITING_TRANSFER } from "~/domain/orders/order-status";
import { FAMILY_LABELS } from "~/domain/catalogue/product";
import { deliveryKindLabel } from "~/domain/quotes/delivery-view";
import { EXPIRING_SOON_DAYS } from "~/domain/quotes/quote-expiry";
import { OPEN_REQUEST_STATES, REQUEST_STATE_LABELS } from "~/domain/quotes/request-state";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { dashboard } from "~/server/admin/dashboard.server";
import type { HomeFigures } from "~/server/admin/figures.server";
import type { OwnerToDo } from "~/domain/admin/owner-to-do";
import { getDb } from "~/server/db/db.server";
import { backupStatus } from "~/server/operations/auto-backup.server";
import { restoreDrillStatus } from "~/server/operations/restore-drill.server";
import { AdminErrorPage } from "~/ui/admin/admin-error-page";
import { AgendaList } from "~/ui/admin/agenda-list";
import { WeeklyChart } from "~/ui/admin/weekly-chart";
import { Price } from "~/ui/price";
import type { Route } from "./+types/home";

/** The back office's home (issues 11, 30): the agenda first, then today and this week at a glance, each figure a link to its list. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const [data, backup, drill] = await Promise.all([dashboard(db, new Date(), context), backupStatus(db), restoreDrillStatus(db)]);
  const when = (at: Date | null) => (at ? formatDateTime(at) : null);
  return { ...data, backup: { ...backup, lastFinishedAt: when(backup.lastFinishedAt) }, drill: { ...drill, lastFinishedAt: when(drill.lastFinishedAt) } };
}

type TaskLine = { lastFinishedAt: string | null; lastResult: string | null; failed: boolean };

/** The last weekly restore drill (issue 32): what the restored copy held, or what went wrong. */
function DrillLine({ drill }: { drill: TaskLine }) {
  if (!drill.lastFinishedAt) return <p>Aún no se ha hecho ningún simulacro de restauración: el primero, el domingo a las 05:00.</p>;
  if (drill.failed) {
    return (
      <p className="admin-task-line">
        <span className="admin-badge admin-badge-error">Falló</span> El último simulacro de restauración ({drill.lastFinishedAt}) no salió bien: {drill.lastResult}
      </p>
    );
  }
  return (
    <p className="admin-task-line">
      Último simulacro de restauración: {drill.lastFinishedAt}, {drill.lastResult}.
    </p>
  );
}

/** The last automatic backup (issue 32): when, its file and size, or why it failed. */
function BackupLine({ backup }: { backup: TaskLine & { enabled: boolean } }) {
  if (!backup.enabled) return <p>Las copias automáticas están desactivadas: falta la clave BACKUP_KEY en la configuración.</p>;
  if (!backup.lastFinishedAt) return <p>Aún no hay ninguna copia automática: la primera se hace a las 03:30.</p>;
  if (backup.failed) {
    return (
      <p className="admin-task-line">
        <span className="admin-badge admin-badge-error">Falló</span> La última copia ({backup.lastFinishedAt}) no se pudo hacer: {backup.lastResult}. Se reintenta cada 15 minutos.
      </p>
    );
  }
  return (
    <p className="admin-task-line">
      Última copia: {backup.lastFinishedAt}, {backup.lastResult}.
    </p>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Inicio | Administración" }];

const ordersHref = (filters: Partial<OrderFilters>) => `/admin/pedidos${filtersQuery({ text: "", page: 1, ...filters })}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** The catalogue's own filter (h-catalogue's list): visible products at or below their threshold. */
const LOW_STOCK_HREF = "/admin/catalogo?stock=bajo&visibilidad=visibles";

function Figure({ to, n, one, many }: { to: string; n: number; one: string; many: string }) {
  return (
    <p className="admin-figure">
      <Link to={to}>{plural(n, one, many)}</Link>
    </p>
  );
}

/** What waits for the owner (issue 30): each count links to the list filtered by that state. */
function ToDoList({ toDo }: { toDo: OwnerToDo }) {
  const items = [
    { n: toDo.newRequests, one: "solicitud sin contestar", many: "solicitudes sin contestar", to: "/admin/solicitudes?estado=nuevo" },
    { n: toDo.visitsAhead, one: "visita reservada en los próximos 7 días", many: "visitas reservadas en los próximos 7 días", to: "/admin/visitas" },
    { n: toDo.changesAsked, one: "presupuesto con cambios pedidos", many: "presupuestos con cambios pedidos", to: "/admin/presupuestos?estado=cambios_pedidos" },
    { n: toDo.quoteDrafts, one: "presupuesto en borrador, sin enviar", many: "presupuestos en borrador, sin enviar", to: "/admin/presupuestos?estado=borrador" },
    {
      n: toDo.quotesExpiring,
      one: `presupuesto enviado que caduca en ${EXPIRING_SOON_DAYS} días o menos`,
      many: `presupuestos enviados que caducan en ${EXPIRING_SOON_DAYS} días o menos`,
      to: "/admin/presupuestos?estado=por_caducar",
    },
    { n: toDo.jobsToSchedule, one: "trabajo aceptado sin fecha", many: "trabajos aceptados sin fecha", to: "/admin/trabajos?estado=pendiente_programar" },
    { n: toDo.depositsWaiting, one: "trabajo con la señal por cobrar", many: "trabajos con la señal por cobrar", to: "/admin/trabajos?senal=pendiente" },
    { n: toDo.jobsToCharge, one: "trabajo terminado por cobrar", many: "trabajos terminados por cobrar", to: "/admin/trabajos?estado=terminado" },
    { n: toDo.fgasOverdue, one: "certificado de gases fluorados atrasado", many: "certificados de gases fluorados atrasados", to: "/admin/pedidos/gases-fluorados" },
  ].filter((item) => item.n > 0);
  if (items.length === 0 && toDo.failed.count === 0) return <p>Nada pendiente: ni solicitudes sin contestar, ni presupuestos por enviar, ni trabajos por programar o cobrar.</p>;
  return (
    <ul className="admin-plain-list">
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to}>{plural(item.n, item.one, item.many)}</Link>
        </li>
      ))}
      {toDo.failed.count > 0 ? (
        <li>
          {plural(toDo.failed.count, "envío fallido", "envíos fallidos")} tras todos los reintentos (e-mails o tarjetas del tablero); en su página se puede reintentar:
          <ul>
            {toDo.failed.latest.map((delivery) => (
              <li key={delivery.id}>
                {delivery.href ? <Link to={delivery.href}>{`${deliveryKindLabel(delivery.kind)} ${delivery.about}`}</Link> : `${deliveryKindLabel(delivery.kind)} (n.º ${delivery.id} de la cola de envíos)`}
              </li>
            ))}
          </ul>
        </li>
      ) : null}
    </ul>
  );
}

/** Invoiced this month against the same days a year before, the share of quotes accepted, twelve weeks drawn. */
function Figures({ figures }: { figures: HomeFigures }) {
  const { months, invoiced, quotes, chart } = figures;
  const change = percentChange(invoiced.current, invoiced.lastYear);
  const rate = winRate(quotes.accepted, quotes.sent);
  const lastDay = Number(months.current.to.slice(8, 10));
  return (
    <section className="admin-section" aria-labelledby="inicio-cifras">
      <h2 id="inicio-cifras">Cifras</h2>
      <ul className="admin-cards" aria-label="Cifras del mes y de los presupuestos">
        <li className="admin-card">
          <h3>Facturado en {monthAndYear(months.current.from)}</h3>
          <p className="admin-figure">
            <Link to={`/admin/facturas?desde=${months.current.from}&hasta=${months.current.to}`}>
              <Price cents={invoiced.current} />
            </Link>
          </p>
          <p>
            Del 1 al {lastDay} de {monthAndYear(months.lastYear.from)}: <Price cents={invoiced.lastYear} />
            {change ? <strong> ({change})</strong> : null}
            <br />
            <span className="admin-muted">
              Todo {monthAndYear(months.lastYearMonth.from)}: <Price cents={invoiced.lastYearMonth} />. Con IVA; las rectificativas restan.
            </span>
          </p>
        </li>
        <li className="admin-card">
          <h3>Presupuestos aceptados</h3>
          <p className="admin-figure">{rate ?? "Sin presupuestos enviados"}</p>
          <p className="admin-muted">
            {quotes.accepted} de {quotes.sent} enviados por primera vez desde el {formatYmd(chart[0]!.week)}.
          </p>
        </li>
      </ul>
      <WeeklyChart weeks={chart} />
    </section>
  );
}

export default function AdminHome() {
  const { periods, reminderDays, today, week, transfers, quotes, agenda, toDo, lowStock, review, figures, backup, drill } = useLoaderData<typeof loader>();
  const todayCount = agenda.filter((entry) => entry.day === periods.today).length;
  return (
    <>
      <h1>Inicio</h1>
      <p className="admin-muted">Hoy es {longDay(periods.today)}.</p>
      <section className="admin-section" aria-labelledby="inicio-agenda">
        <h2 id="inicio-agenda">Agenda de hoy y de los próximos 7 días</h2>
        {agenda.length > 0 ? (
          <p className="admin-muted">
            Hoy: {plural(todayCount, "cita", "citas")}; hasta el {formatYmd(periods.agendaUntil)}: {plural(agenda.length, "cita", "citas")} (trabajos, visitas e instalaciones).
          </p>
        ) : null}
        <AgendaList entries={agenda} today={periods.today} until={periods.agendaUntil} />
        <p>
          <Link to="/admin/calendario">Ver el calendario</Link> · <Link to={ordersHref({ status: "Instalación programada" })}>Todas las instalaciones de pedidos</Link>
        </p>
      </section>

      <section className="admin-section" aria-labelledby="inicio-pendiente">
        <h2 id="inicio-pendiente">Pendiente</h2>
        <ToDoList toDo={toDo} />
      </section>

      <Figures figures={figures} />

      <ul className="admin-cards" aria-label="Resumen">
        <li className="admin-card">
          <h2>Pedidos de hoy</h2>
          <Figure to={ordersHref({ from: periods.today, to: periods.today })} n={today.count} one="pedido" many="pedidos" />
          <p>
            Importe: <Price cents={today.amountCents} />
          </p>
        </li>
        <li className="admin-card">
          <h2>Pedidos de esta semana</h2>
          <Figure to={ordersHref({ from: periods.weekStart, to: periods.today })} n={week.count} one="pedido" many="pedidos" />
          <p>
            Importe: <Price cents={week.amountCents} />
            <br />
            <span className="admin-muted">Desde el lunes {formatYmd(periods.weekStart)}</span>
          </p>
        </li>
        <li className="admin-card">
          <h2>Transferencias pendientes</h2>
          <Figure to={ordersHref(AWAITING_TRANSFER)} n={transfers.count} one="pedido" many="pedidos" />
          <p>
            {transfers.late > 0 ? (
              <Link to={ordersHref({ ...AWAITING_TRANSFER, to: periods.lateUntil })} className="admin-badge admin-badge-warn">
                {plural(transfers.late, "atrasado", "atrasados")}
              </Link>
            ) : (
              <span className="admin-badge admin-badge-ok">Ninguno atrasado</span>
            )}
            <br />
            <span className="admin-muted">Atrasados: pedidos de hace {reminderDays} días o más</span>
          </p>
        </li>
        <li className="admin-card">
          <h2>Poco stock</h2>
          <Figure to={LOW_STOCK_HREF} n={lowStock.count} one="producto" many="productos" />
          <p className="admin-muted">Activos, en su umbral de stock bajo o por debajo</p>
        </li>
        <li className="admin-card">
          <h2>Solicitudes abiertas</h2>
          <Figure to="/admin/solicitudes" n={quotes.count} one="solicitud" many="solicitudes" />
          <ul className="admin-plain-list">
            {OPEN_REQUEST_STATES.map((state) => (
              <li key={state}>
                <Link to={`/admin/solicitudes?estado=${state}`}>
                  {REQUEST_STATE_LABELS[state]}: {quotes.byState[state]}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      </ul>

      {review.charges.length + review.unanswered.length > 0 ? (
        <section className="admin-section" aria-labelledby="inicio-pagos">
          <h2 id="inicio-pagos">Pagos por revisar</h2>
          <ul>
            {review.charges.map((charge) => (
              <li key={charge.code}>
                Cobro duplicado en el {charge.place.noun} <Link to={charge.place.href}>{charge.place.name}</Link>: quedan <Price cents={charge.leftCents} /> por
                reembolsar.
              </li>
            ))}
            {review.unanswered.map((refund) => (
              <li key={refund.id}>
                Reembolso de <Price cents={refund.amountCents} /> sin respuesta de Redsys en el {refund.place.noun} <Link to={refund.place.href}>{refund.place.name}</Link>:
                compruébelo en el portal del banco.
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="admin-section" aria-labelledby="inicio-stock">
        <h2 id="inicio-stock">Productos con poco stock</h2>
        {lowStock.count === 0 ? (
          <p>Ningún producto activo está en su umbral de stock bajo o por debajo.</p>
        ) : (
          <>
            <p>
              {plural(lowStock.count, "producto activo tiene", "productos activos tienen")} el stock en su umbral o por debajo
              {lowStock.count > lowStock.rows.length ? `; estos son los ${lowStock.rows.length} con menos unidades` : ""}.{" "}
              <Link to={LOW_STOCK_HREF}>Verlos en el catálogo</Link>
            </p>
            <div className="admin-table-wrap">
              <table className="admin-table stack">
                <caption className="visually-hidden">Productos con poco stock, de menos a más unidades</caption>
                <thead>
                  <tr>
                    <th scope="col">Producto</th>
                    <th scope="col">Familia</th>
                    <th scope="col" className="num">
                      Stock
                    </th>
                    <th scope="col" className="num">
                      Umbral
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lowStock.rows.map((product) => (
                    <tr key={product.id}>
                      <td data-label="Producto">
                        <Link to={`/admin/catalogo/${product.id}`}>
                          {product.brand} {product.model}
                        </Link>
                      </td>
                      <td data-label="Familia">{FAMILY_LABELS[product.family].singular}</td>
                      <td className="num" data-label="Stock">{product.stock === 0 ? <span className="admin-badge admin-badge-error">Agotado</span> : product.stock}</td>
                      <td className="num" data-label="Umbral">{product.threshold}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <section className="admin-section" aria-labelledby="inicio-copias">
        <h2 id="inicio-copias">Copias de seguridad</h2>
        <BackupLine backup={backup} />
        {backup.enabled ? <DrillLine drill={drill} /> : null}
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} back={{ to: "/admin", label: "Volver al inicio" }} />;
}

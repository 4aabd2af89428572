import { Form, useNavigation } from "react-router";
import { ALERT_KIND_LABELS, ALERT_KINDS, type AlertKind } from "~/domain/alerts/alert-kinds";
import { DeviceSwitch } from "./device-switch";

/*
 * /admin/avisos (issue 30; app/server/alerts/alerts-page.server.ts): this device's alerts, which
 * alerts to get (the same for every device of the person), the devices that get them, and how
 * to install the back office as an app.
 */

type Device = { id: number; endpoint: string; name: string; since: string; lastSent: string | null; failing: boolean };
export type AlertsData = { publicKey: string; kinds: AlertKind[]; devices: Device[] };
type Reply = { ok: true; message: string } | { ok: false; error: string } | undefined;

export function AlertsPage({ data, reply }: { data: AlertsData; reply: Reply }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="admin-section alerts-page" aria-labelledby="alerts-title">
      <h1 id="alerts-title">Avisos en el móvil</h1>
      <p>Le avisamos en el móvil (o en el ordenador) cuando entra un pedido o una solicitud, se acepta un presupuesto, llega un pago o se firma un parte, aunque no tenga la administración abierta.</p>
      {reply ? (
        reply.ok ? (
          <p className="form-ok" role="status">
            {reply.message}
          </p>
        ) : (
          <p className="form-error" role="alert">
            {reply.error}
          </p>
        )
      ) : null}

      <h2>Este dispositivo</h2>
      <DeviceSwitch publicKey={data.publicKey} endpoints={data.devices.map((device) => device.endpoint)} />

      <h2 id="alerts-kinds">Qué avisos recibir</h2>
      <Form method="post" className="account-form" aria-labelledby="alerts-kinds">
        <input type="hidden" name="intent" value="elegir" />
        <fieldset className="alerts-kinds">
          <legend>Los mismos en todos sus dispositivos</legend>
          {ALERT_KINDS.map((kind) => (
            <label key={kind} className="checkbox-field">
              <input type="checkbox" name="kinds" value={kind} defaultChecked={data.kinds.includes(kind)} /> {ALERT_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button" disabled={busy}>
          Guardar los avisos elegidos
        </button>
      </Form>

      <h2>Dispositivos con los avisos activados</h2>
      {data.devices.length > 0 ? (
        <ul className="security-list">
          {data.devices.map((device) => (
            <li key={device.id} className="security-item">
              <div>
                <strong>{device.name}</strong>
                <span className="security-meta">Desde el {device.since}</span>
                <span className="security-meta">{device.lastSent ? `Último aviso: ${device.lastSent}` : "Sin avisos todavía"}</span>
                {device.failing ? <span className="security-meta">El último aviso no llegó: se reintenta.</span> : null}
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="quitar" />
                <input type="hidden" name="id" value={device.id} />
                <button type="submit" className="button button-secondary" disabled={busy} aria-label={`Quitar ${device.name} (desde el ${device.since})`}>
                  Quitar
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>Ningún dispositivo recibe sus avisos todavía.</p>
      )}

      <h2>Instalar la administración como aplicación</h2>
      <p>En Android (Chrome): menú ⋮ → «Instalar aplicación». En iPhone y iPad (Safari): Compartir → «Añadir a pantalla de inicio»; en ellos los avisos solo llegan a la aplicación así añadida (iOS 16.4 o posterior). En el ordenador, el icono de instalar de la barra de direcciones.</p>
    </section>
  );
}

import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/ui/use-hydrated";
import { currentSubscription, pushSupport, subscribe, unsubscribe } from "./push-device";

/*
 * "Este dispositivo" on /admin/avisos (issue 30): whether alerts reach the device in hand, and
 * the button that turns them on or off. Subscribing is the browser's (PushManager), so without
 * JavaScript, without push support or with notifications blocked, the page says so instead.
 */

type Reply = { ok: true; message: string } | { ok: false; error: string };
type State = "comprobando" | "sin-soporte" | "denegado" | "inactivo" | "activo";

const PROBLEMS: Record<"denegado" | "sin-permiso" | "fallo", string> = {
  denegado: "Ha bloqueado los avisos de esta web: permítalos en los ajustes del sitio del navegador y pulse otra vez.",
  "sin-permiso": "Sin su permiso para mostrar notificaciones no podemos avisarle: pulse otra vez y elija «Permitir».",
  fallo: "El navegador no ha podido darse de alta en su servicio de avisos. Compruebe la conexión e inténtelo de nuevo.",
};

/** What the browser can do, and whether it is subscribed with a subscription the shop has. */
async function deviceState(publicKey: string, endpoints: string[]): Promise<State> {
  const support = pushSupport();
  if (support !== "listo") return support;
  const subscription = await currentSubscription(publicKey).catch(() => null);
  return subscription && endpoints.includes(subscription.endpoint) ? "activo" : "inactivo";
}

export function DeviceSwitch({ publicKey, endpoints }: { publicKey: string; endpoints: string[] }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<Reply>();
  const [state, setState] = useState<State>("comprobando");
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const known = endpoints.join("\n");

  useEffect(() => {
    let current = true;
    deviceState(publicKey, known.split("\n")).then((next) => current && setState(next));
    return () => {
      current = false;
    };
  }, [publicKey, known]);

  async function turnOn() {
    setWorking(true);
    setProblem(null);
    const result = await subscribe(publicKey);
    setWorking(false);
    if (!result.ok) {
      setProblem(PROBLEMS[result.reason]);
      if (result.reason === "denegado") setState("denegado");
      return;
    }
    fetcher.submit({ intent: "activar", endpoint: result.endpoint, p256dh: result.p256dh, auth: result.auth }, { method: "post" });
  }

  async function turnOff() {
    setWorking(true);
    setProblem(null);
    const endpoint = await unsubscribe(publicKey).catch(() => null);
    setWorking(false);
    if (endpoint) fetcher.submit({ intent: "desactivar", endpoint }, { method: "post" });
    setState("inactivo");
  }

  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = working || fetcher.state !== "idle";
  return (
    <div className="alerts-device">
      {!hydrated ? (
        <p>Para activar los avisos en este dispositivo hace falta JavaScript: el navegador se da de alta en su servicio de avisos desde esta página. Sin él puede elegir qué avisos recibe y quitar dispositivos.</p>
      ) : state === "comprobando" ? (
        <p>Comprobando este dispositivo…</p>
      ) : state === "sin-soporte" ? (
        <p>
          Este navegador no admite avisos (Web Push). En iPhone y iPad, añada primero la administración a la pantalla de inicio (Compartir → «Añadir a pantalla de inicio») y ábrala desde el icono; en Android use Chrome, Firefox o Edge.
        </p>
      ) : state === "denegado" ? (
        <p>Los avisos están bloqueados para esta web en el navegador. Permita las notificaciones en los ajustes del sitio y vuelva a esta página.</p>
      ) : state === "activo" ? (
        <>
          <p>
            <strong>Los avisos están activados en este dispositivo.</strong>
          </p>
          <button type="button" className="button button-secondary" onClick={turnOff} disabled={busy}>
            Desactivar en este dispositivo
          </button>
        </>
      ) : (
        <>
          <p>Este dispositivo no recibe avisos. Al activarlos, el navegador le pedirá permiso para mostrar notificaciones.</p>
          <button type="button" className="button" onClick={turnOn} disabled={busy}>
            Activar los avisos en este dispositivo
          </button>
        </>
      )}
      <div role="status" aria-live="polite">
        {reply?.ok ? <p className="form-ok">{reply.message}</p> : null}
      </div>
      {problem || (reply && !reply.ok) ? (
        <p className="form-error" role="alert">
          {problem ?? (reply && !reply.ok ? reply.error : "")}
        </p>
      ) : null}
    </div>
  );
}

import type { DeliveryState } from "~/domain/quotes/delivery-view";

const TONES: Record<DeliveryState, string> = {
  enviado: "admin-badge admin-badge-ok",
  "en cola": "admin-badge",
  reintentando: "admin-badge admin-badge-warn",
  fallido: "admin-badge admin-badge-error",
  omitido: "admin-badge",
};

const LABELS: Record<DeliveryState, string> = {
  enviado: "Enviado",
  "en cola": "En cola",
  reintentando: "Reintentando",
  fallido: "Fallido",
  omitido: "Sin conectar",
};

/** A delivery's state as a badge; the word carries the meaning, the colour only repeats it. */
export function DeliveryBadge({ state }: { state: DeliveryState }) {
  return <span className={TONES[state]}>{LABELS[state]}</span>;
}

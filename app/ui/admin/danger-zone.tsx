import type { ReactNode } from "react";

/*
 * The actions that undo or end something (cancel an order or a job, undo a payment), at the end
 * of an admin page under their own heading and a red rule (issue 30): never side by side with
 * the page's main action, nor with its look.
 */
export function DangerZone({ children, id = "zona-de-peligro" }: { children: ReactNode; id?: string }) {
  return (
    <section className="admin-section admin-danger-zone" aria-labelledby={id}>
      <h2 id={id}>Zona de peligro</h2>
      <p className="field-hint">Acciones que no se deshacen con un clic: lea lo que hacen antes de pulsar.</p>
      {children}
    </section>
  );
}

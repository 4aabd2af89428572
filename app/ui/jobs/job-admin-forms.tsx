import { Form, useNavigation } from "react-router";
import { JOB_STATUS_LABELS, type JobStatus } from "~/domain/jobs/job-status";
import { JOB_STEP_VERBS } from "~/domain/jobs/job-transitions";

export type JobFormReply = { ok: true; message: string } | { ok: false; intent: string; error: string; fields: Record<string, string> };

type ScheduleProps = {
  defaults: { day: string; from: string; to: string; technicianId: string; notes: string };
  technicians: Array<{ id: string; name: string }>;
  rescheduling: boolean;
  reply: JobFormReply | undefined;
};

function errorOf(reply: JobFormReply | undefined, intent: string, field: string): string | undefined {
  return reply && !reply.ok && reply.intent === intent ? reply.fields[field] : undefined;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null;
}

/** Date, Madrid time range and technician: "Programar" (or move the date). Works without JavaScript. */
export function ScheduleForm({ defaults, technicians, rescheduling, reply }: ScheduleProps) {
  const busy = useNavigation().state === "submitting";
  const err = (field: string) => errorOf(reply, "schedule", field);
  const general = reply && !reply.ok && reply.intent === "schedule" ? reply.error : undefined;
  const described = (field: string) => (err(field) ? { "aria-invalid": true as const, "aria-describedby": `programar-${field}-error` } : {});
  return (
    <section className="admin-section admin-form" aria-labelledby="trabajo-programar">
      <h2 id="trabajo-programar">{rescheduling ? "Cambiar la fecha" : "Programar"}</h2>
      {technicians.length === 0 ? (
        <p className="admin-warning">
          Aún no hay técnicos. <a href="/admin/tecnicos">Dé de alta uno</a> para programar el trabajo.
        </p>
      ) : null}
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="schedule" />
        <div className="field-row">
          <div className="field">
            <label htmlFor="programar-day">Día</label>
            <input id="programar-day" name="day" type="date" required defaultValue={defaults.day} {...described("day")} />
            <FieldError id="programar-day-error" message={err("day")} />
          </div>
          <div className="field">
            <label htmlFor="programar-from">Desde (hora de Madrid)</label>
            <input id="programar-from" name="from" type="time" required step={900} defaultValue={defaults.from} {...described("from")} />
            <FieldError id="programar-from-error" message={err("from")} />
          </div>
          <div className="field">
            <label htmlFor="programar-to">Hasta</label>
            <input id="programar-to" name="to" type="time" required step={900} defaultValue={defaults.to} {...described("to")} />
            <FieldError id="programar-to-error" message={err("to")} />
          </div>
          <div className="field">
            <label htmlFor="programar-technicianId">Técnico</label>
            <select id="programar-technicianId" name="technicianId" required defaultValue={defaults.technicianId} {...described("technicianId")}>
              <option value="">Elija…</option>
              {technicians.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            <FieldError id="programar-technicianId-error" message={err("technicianId")} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="programar-notes">Notas para el técnico</label>
          <textarea id="programar-notes" name="notes" rows={3} maxLength={2000} defaultValue={defaults.notes} />
        </div>
        {general ? (
          <p className="form-error" role="alert">
            {general}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={busy}>
          {rescheduling ? "Guardar la nueva fecha" : "Programar"}
        </button>
        <p className="field-hint">El cliente recibe la fecha por email con un archivo de calendario (.ics).</p>
      </Form>
    </section>
  );
}

/** The next steps (start, finish, paid), one button each. */
export function StepForms({ steps }: { steps: JobStatus[] }) {
  const busy = useNavigation().state === "submitting";
  if (steps.length === 0) return null;
  return (
    <div className="admin-actions">
      {steps.map((to) => (
        <Form method="post" key={to}>
          <input type="hidden" name="intent" value="step" />
          <input type="hidden" name="to" value={to} />
          <button type="submit" className="button" disabled={busy}>
            {JOB_STEP_VERBS[to] ?? JOB_STATUS_LABELS[to]}
          </button>
        </Form>
      ))}
    </div>
  );
}

export function CancelForm({ reply }: { reply: JobFormReply | undefined }) {
  const busy = useNavigation().state === "submitting";
  const error = errorOf(reply, "cancel", "reason");
  return (
    <details className="admin-form" open={Boolean(error)}>
      <summary>Cancelar el trabajo…</summary>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <div className="field">
          <label htmlFor="cancelar-reason">Motivo de la cancelación</label>
          <textarea
            id="cancelar-reason"
            name="reason"
            rows={2}
            required
            maxLength={500}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "cancelar-reason-error" : undefined}
          />
          <FieldError id="cancelar-reason-error" message={error} />
        </div>
        <p className="field-hint">Las unidades del catálogo reservadas para este trabajo vuelven al stock.</p>
        <button type="submit" className="button button-danger" disabled={busy}>
          Cancelar el trabajo
        </button>
      </Form>
    </details>
  );
}

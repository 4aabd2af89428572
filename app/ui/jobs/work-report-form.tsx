import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { jobAmounts } from "~/domain/jobs/job-amounts";
import { extraLines, newReportFields, parseWorkReport, type UnitSlot, type WorkReportFields } from "~/domain/jobs/work-report-form";
import type { QuoteAlternative } from "~/domain/quotes/quote-content";
import type { VatRate } from "~/domain/money";
import { billOfFields, emptyRepairFields, type RepairFormFacts } from "~/domain/repairs/repair-report-form";
import { RepairFindings, RepairInvoiceFields } from "../repairs/repair-report-fields";
import { useWorkReportDraft } from "./use-work-report-draft";
import { ExtrasFields } from "./work-report-extras";
import { ChecklistFields, CombustionFields, NotesField, SerialFields } from "./work-report-fields";
import { PhotoFields } from "./work-report-photos";
import { sendReport } from "./work-report-send";
import { SignatureFields } from "./work-report-signature";

/*
 * The work report form on the technician's phone (issue 17). It needs JavaScript (the page
 * says so without it): everything typed and the photos stay on the phone (use-work-report-draft)
 * until the server confirms the report; "Enviar el parte" without a connection keeps it
 * "pending" and it goes by itself when the connection returns ("online") or the page is opened
 * again. Loaded after the page's first paint (React.lazy in the route): not in the first load.
 */

export type WorkReportFormProps = {
  jobId: number;
  units: UnitSlot[];
  suggestedKind: string;
  /** The accepted option extras are priced against; null on a plan's maintenance visit (no extras). */
  alternative: QuoteAlternative | null;
  vatRate: VatRate;
  customerName: string;
  /** A repair's coverage, call-out and parts in stock (issue 31); null on other jobs. */
  repair: RepairFormFacts | null;
};

type Status = { kind: "idle" | "sending" | "offline" | "failed" | "refused" | "sent"; message?: string };

export const OFFLINE_MESSAGE = "Sin conexión: el parte está guardado en este teléfono y se enviará al volver la conexión.";

export default function WorkReportForm({ jobId, units, suggestedKind, alternative, vatRate, customerName, repair }: WorkReportFormProps) {
  const { draft, latest, update, setPending, addPhoto, removePhoto, photoUploaded, discard } = useWorkReportDraft(jobId, () => ({
    ...newReportFields(suggestedKind, units.length),
    ...(repair ? { repair: emptyRepairFields(repair.customerNif) } : {}),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [padKey, setPadKey] = useState(0);
  const [resigned, setResigned] = useState(false);
  const revalidator = useRevalidator();
  const summaryRef = useRef<HTMLDivElement>(null);
  const sending = useRef(false);

  /** A change to what is signed: a signature made before no longer covers it. */
  const changeContent = (change: (fields: WorkReportFields) => WorkReportFields) => {
    if (latest.current.fields.signaturePath) {
      setPadKey((key) => key + 1);
      setResigned(true);
    }
    void update((fields) => {
      const next = change(fields);
      return fields.signaturePath ? { ...next, signaturePath: "", signedAt: "" } : next;
    });
  };
  const changeSigner = (change: (fields: WorkReportFields) => WorkReportFields) => void update(change);

  const check = alternative ? jobAmounts(alternative, vatRate, extraLines(draft.fields.extras)) : null;
  const bill = repair ? billOfFields(repair, draft.fields.repair ?? emptyRepairFields(repair.customerNif), extraLines(draft.fields.extras)) : null;

  const trySend = async () => {
    if (sending.current) return;
    sending.current = true;
    setStatus({ kind: "sending" });
    const current = latest.current;
    const outcome = await sendReport(jobId, current, current.photos, photoUploaded);
    sending.current = false;
    if (outcome.kind === "sent" || outcome.kind === "already") {
      await discard();
      setStatus({ kind: "sent", message: outcome.message });
      void revalidator.revalidate();
    } else if (outcome.kind === "offline") {
      setStatus({ kind: "offline", message: OFFLINE_MESSAGE });
    } else if (outcome.kind === "failed") {
      setStatus({ kind: "failed", message: outcome.message });
    } else {
      await setPending(false);
      setErrors(outcome.errors);
      setStatus({ kind: "refused", message: outcome.message });
    }
  };

  // A report left pending goes as soon as it can: when the page opens again, and when the connection returns.
  const sendIfPending = useEffectEvent(() => {
    if (latest.current.pending) void trySend();
  });
  useEffect(() => {
    // After the effects of this render: the draft just read may be a pending one.
    if (draft.ready) queueMicrotask(sendIfPending);
  }, [draft.ready]);
  useEffect(() => {
    const online = () => sendIfPending();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  const submit = async () => {
    const current = latest.current;
    const parsed = parseWorkReport({ ...current.fields, key: current.key, photoIds: [] }, units, { repair: repair !== null });
    const found = parsed.ok ? {} : { ...parsed.errors };
    if (check && !check.ok) found.extras = check.message;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus({ kind: "refused", message: "Revise los datos marcados antes de enviar el parte." });
      summaryRef.current?.focus();
      return;
    }
    // What the customer signs is the total shown: the server refuses another.
    if (repair && bill) await update((fields) => ({ ...fields, repair: { ...(fields.repair ?? emptyRepairFields(repair.customerNif)), shownTotalCents: bill.totalCents } }));
    await setPending(true);
    await trySend();
  };

  const extrasTotal = bill ? bill.totalCents : check?.ok ? check.amounts.extrasTotalCents : 0;
  const busy = status.kind === "sending";
  return (
    <div className="work-report-form" data-ready={draft.ready ? "si" : "no"}>
      {draft.ready && !draft.persistent ? (
        <p className="admin-warning">Este navegador no deja guardar el parte en el teléfono: no recargue la página hasta enviarlo.</p>
      ) : null}
      <ChecklistFields fields={draft.fields} errors={errors} change={changeContent} />
      <CombustionFields fields={draft.fields} errors={errors} change={changeContent} />
      {repair ? null : <SerialFields fields={draft.fields} errors={errors} change={changeContent} units={units} legend={alternative ? "Equipos instalados" : "Equipos revisados"} />}
      {repair ? <RepairFindings fields={draft.fields} errors={errors} change={changeContent} facts={repair} /> : null}
      <PhotoFields
        photos={draft.photos}
        error={errors.photos}
        add={async (file) => {
          await addPhoto(file);
          changeContent((fields) => fields);
        }}
        remove={(key) => {
          void removePhoto(key);
          changeContent((fields) => fields);
        }}
      />
      {check ? <ExtrasFields fields={draft.fields} errors={errors} change={changeContent} check={check} /> : null}
      {repair ? (
        <>
          <ExtrasFields fields={draft.fields} errors={errors} change={changeContent} legend="Mano de obra y materiales" hint="Las horas de trabajo y el material que no sale del almacén, sin IVA. El cliente acepta el total al firmar." />
          <RepairInvoiceFields fields={draft.fields} errors={errors} change={changeContent} facts={repair} bill={bill} />
        </>
      ) : null}
      <NotesField fields={draft.fields} errors={errors} change={changeContent} />
      {draft.ready ? (
        <SignatureFields
          key={padKey}
          fields={draft.fields}
          errors={errors}
          change={changeSigner}
          extrasTotalCents={extrasTotal}
          hasExtras={extraLines(draft.fields.extras).length > 0}
          repair={repair !== null}
          customerName={customerName}
          resigned={resigned}
        />
      ) : null}
      <div className="work-report-send" ref={summaryRef} tabIndex={-1}>
        {status.kind === "refused" && Object.keys(errors).length > 0 ? (
          <ul className="work-report-errors" aria-label="Datos que hay que revisar">
            {Object.entries(errors).map(([key, message]) => (
              <li key={key}>{message}</li>
            ))}
          </ul>
        ) : null}
        <button type="button" className="button button-accent" onClick={() => void submit()} disabled={busy || !draft.ready || (check !== null && !check.ok)}>
          {busy ? "Enviando el parte…" : "Enviar el parte"}
        </button>
        <p role="status" className={status.kind === "refused" || status.kind === "failed" ? "form-error" : status.kind === "offline" ? "work-report-offline" : "form-ok"}>
          {status.message ?? (status.kind === "sending" ? "Enviando el parte…" : "")}
        </p>
      </div>
    </div>
  );
}

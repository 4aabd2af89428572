import { JOB_STATUS_LABELS, type JobStatus } from "~/domain/jobs/job-status";

const TONE: Partial<Record<JobStatus, string>> = {
  pendiente_programar: "admin-badge-warn",
  cobrado: "admin-badge-ok",
  cancelado: "admin-badge-error",
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <span className={`admin-badge ${TONE[status] ?? ""}`}>{JOB_STATUS_LABELS[status]}</span>;
}

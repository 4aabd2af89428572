import { data } from "react-router";
import { workReportAction } from "~/server/jobs/work-report-action.server";
import type { Route } from "./+types/technician-job-report";

/** POST /tecnico/trabajos/:id/parte — the signed work report from the technician's phone (issue 17), JSON. */
export async function action({ request, params }: Route.ActionArgs) {
  return workReportAction(request, params.id);
}

/** A browser that opens the address gets the ordinary 404. */
export function loader() {
  throw data(null, { status: 404 });
}

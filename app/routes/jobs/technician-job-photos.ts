import { data } from "react-router";
import { reportPhotoAction } from "~/server/jobs/work-report-action.server";
import type { Route } from "./+types/technician-job-photos";

/** POST /tecnico/trabajos/:id/fotos — one photo of the work report (issue 17), stored private; JSON with its id. */
export async function action({ request, params }: Route.ActionArgs) {
  return reportPhotoAction(request, params.id);
}

/** A browser that opens the address gets the ordinary 404. */
export function loader() {
  throw data(null, { status: 404 });
}

import { data } from "react-router";
import { parseRowId } from "~/domain/images/photos";
import { requireAdmin } from "~/server/accounts/admin-access.server";
import { getDb } from "~/server/db/db.server";
import { repairPhotoResponse } from "~/server/repairs/repair-photos.server";
import { findRepairRequest } from "~/server/repairs/repair-requests.server";
import type { Route } from "./+types/admin-repair-photo";

/** /admin/averias/:id/fotos/:file — a photo of a breakdown (private: administrators only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = parseRowId(params.id);
  const repair = id ? await findRepairRequest(await getDb(), id) : null;
  if (!repair) throw data("Imagen no encontrada", { status: 404 });
  return repairPhotoResponse(repair.photoIds, params.file);
}

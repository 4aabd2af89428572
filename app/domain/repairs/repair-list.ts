import { z } from "zod";
import { listQuery } from "../page-numbers";
import { REPAIR_STATES, type RepairState } from "./repair-fields";

/* The owner's list of breakdowns (issue 31): its filter and pages, in the address. */

export type RepairListQuery = { state: RepairState | null; page: number };

export function parseRepairListQuery(params: URLSearchParams): RepairListQuery {
  const state = z.enum(REPAIR_STATES).safeParse(params.get("estado"));
  const page = z.coerce.number().int().min(1).max(100_000).safeParse(params.get("pagina") ?? "1");
  return { state: state.success ? state.data : null, page: page.success ? page.data : 1 };
}

export function repairListHref(query: RepairListQuery, page = query.page): string {
  return `/admin/averias${listQuery({ estado: query.state }, page)}`;
}

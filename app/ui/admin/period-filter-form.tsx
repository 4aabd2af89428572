import { FilterDate } from "~/ui/admin/admin-list-filters";

/**
 * The period of a back-office list filtered by dates (invoices, VERI*FACTU records): "Desde"
 * and "Hasta", both required, and the way back to this month (`periodReset`), always shown
 * beside "Filtrar".
 */
export function PeriodFields({ idPrefix, from, to }: { idPrefix: string; from: string; to: string }) {
  return (
    <>
      <FilterDate id={`${idPrefix}-desde`} name="desde" label="Desde" value={from} required />
      <FilterDate id={`${idPrefix}-hasta`} name="hasta" label="Hasta" value={to} required />
    </>
  );
}

export const periodReset = (thisMonth: string) => ({ to: thisMonth, label: "Este mes", always: true });

import type { Key, ReactNode } from "react";
import { AdminListFilters, type AdminListFiltersProps } from "~/ui/admin/admin-list-filters";
import { AdminPager, type AdminPagerProps } from "~/ui/admin/admin-pager";
import { countText } from "~/ui/admin/count-text";
import { DownloadLink } from "~/ui/admin/download-link";

/**
 * One column of a back-office list, declared once: its name (the header on a desktop, the
 * label on a phone's card), how a row's cell shows, and its place on the card (decision 0024).
 */
export type AdminColumn<Row> = {
  label: string;
  /** The header when it says more than the label (an <abbr>, a longer name). */
  heading?: ReactNode;
  cell: (row: Row) => ReactNode;
  /** An amount or a count: right-aligned in the table. */
  num?: boolean;
  /** On a phone's card: "title" heads it without a label; "hidden" leaves it out. A label and the value by default. */
  phone?: "title" | "hidden";
  className?: string;
};

/** A list's table, declared once beside its loader: what it holds, each row's key, its columns. */
export type AdminTable<Row> = {
  /** What the table holds and in which order, for assistive technology. */
  caption: string;
  rowKey: (row: Row) => Key;
  columns: readonly AdminColumn<Row>[];
  className?: string;
};

type Props<Row> = {
  table: AdminTable<Row>;
  rows: readonly Row[];
  /** The filter form, above everything (AdminListFilters): its name, its fields, the way back. */
  filter?: Omit<AdminListFiltersProps, "active" | "children"> & { fields: ReactNode };
  /**
   * A filter is set: the form starts open on a phone with its "Quitar filtros", the count says
   * "con estos filtros" and an empty list says that nothing matches (`noMatch`).
   */
  filtered?: boolean;
  /** "3 pedidos", then `suffix` (by default " con estos filtros" while filtered). */
  count?: { total: number; one: string; many: string; suffix?: string };
  /** In place of the count, when it says more (VERI*FACTU's states). */
  status?: ReactNode;
  /** The row shown when there is none; `noMatch` while filtered. */
  empty: ReactNode;
  noMatch?: ReactNode;
  /** The address of the CSV of the same filtered list: an "Exportar CSV" link beside the count. */
  csv?: string;
  /** Other links beside the count. */
  actions?: ReactNode;
  /** Between the count and the table (the invoices' totals). */
  children?: ReactNode;
  pager?: AdminPagerProps;
  /** Under the table, when the list pages another way (the audit log). */
  footer?: ReactNode;
};

const cellClass = (column: AdminColumn<never>) =>
  [column.num ? "num" : "", column.phone ? `admin-card-${column.phone}` : "", column.className ?? ""].filter(Boolean).join(" ") || undefined;

function countLine({ total, one, many, suffix }: NonNullable<Props<never>["count"]>, filtered: boolean): string {
  return `${countText(total, one, many)}${suffix ?? (filtered ? " con estos filtros" : "")}`;
}

/**
 * A back-office list (decision 0024): the filters (in the URL), the count with the CSV link,
 * the table, the row saying it is empty, and the pager. On a phone each row is a card: the
 * stylesheet turns the same table into cards (admin.css, ".admin-table.stack"), so there is
 * one markup to test and nothing is rendered twice.
 */
export function AdminList<Row>(props: Props<Row>) {
  const { table, rows, pager, filter, filtered = false } = props;
  const status = props.status ?? (props.count ? countLine(props.count, filtered) : null);
  // A page past the last one (an old link, a list that shrank) says so instead of "no X yet".
  const pastTheEnd = pager !== undefined && pager.page > 1 && rows.length === 0;
  const empty = pastTheEnd ? `Esta página no tiene ${pager.of}.` : filtered && props.noMatch ? props.noMatch : props.empty;
  return (
    <>
      {filter ? (
        <AdminListFilters label={filter.label} submit={filter.submit} reset={filter.reset} active={filtered}>
          {filter.fields}
        </AdminListFilters>
      ) : null}
      {status || props.csv || props.actions ? (
        <div className="admin-list-summary">
          {status ? <p role="status">{status}</p> : null}
          {props.csv ? <DownloadLink to={props.csv}>Exportar CSV</DownloadLink> : null}
          {props.actions}
        </div>
      ) : null}
      {props.children}
      <div className="admin-table-wrap">
        <table className={`admin-table stack${table.className ? ` ${table.className}` : ""}`}>
          <caption className="visually-hidden">{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column.label} scope="col" className={column.num ? "num" : undefined}>
                  {column.heading ?? column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={table.rowKey(row)}>
                {table.columns.map((column) => (
                  <td key={column.label} data-label={column.label} className={cellClass(column)}>
                    {/* One box for the value: on a card it sits beside its label, whatever it holds. */}
                    <div className="admin-cell">{column.cell(row)}</div>
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length} className="admin-list-empty">
                  {empty}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pager ? <AdminPager {...pager} /> : null}
      {props.footer}
    </>
  );
}

/** A cell's main text with a muted line under it: a customer and their e-mail or NIF. */
export function WithNote({ note, children }: { note: ReactNode; children: ReactNode }) {
  return (
    <>
      {children}
      {note ? (
        <>
          <br />
          <span className="admin-muted admin-cell-note">{note}</span>
        </>
      ) : null}
    </>
  );
}

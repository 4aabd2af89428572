import type { ReactNode } from "react";
import { Link } from "react-router";
import { Price } from "~/ui/price";

/*
 * One customer's documents on their page (issue 30): one short list per kind, each entry a
 * line that fits a phone (what it is, when, its state), linking to its page.
 */

export type RecordEntry = { key: string; href: string | null; title: string; details: (string | null)[]; cents?: number };

export function RecordList({ id, title, entries, empty }: { id: string; title: string; entries: RecordEntry[]; empty: string }) {
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} ({entries.length})
      </h2>
      {entries.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <ul className="admin-record-list">
          {entries.map((entry) => (
            <li key={entry.key}>
              {entry.href ? <Link to={entry.href}>{entry.title}</Link> : <strong>{entry.title}</strong>}
              <span className="admin-muted">
                {entry.details.filter(Boolean).join(" · ")}
                {entry.cents !== undefined ? (
                  <>
                    {" · "}
                    <Price cents={entry.cents} />
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A fact of the record's header, or «No indicado». */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children || <span className="admin-muted">No indicado</span>}</dd>
    </>
  );
}

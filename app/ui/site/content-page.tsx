import { useId } from "react";
import { Link } from "react-router";
import type { ShopInfo } from "~/domain/site/shop";
import { useRootData } from "~/root";

/*
 * The building blocks of the content and legal pages (spec section 2: presupuesto, reformas,
 * servicios, the four -info pages and the legal pages): a hero with the page's only h1,
 * titled sections, a call to action. Styles: app/styles/content.css.
 */

export type Action = { to: string; label: string; variant?: "accent" | "secondary" };

export function ActionLinks({ actions, className = "content-actions" }: { actions: Action[]; className?: string }) {
  return (
    <p className={className}>
      {actions.map((action) => (
        <Link
          key={action.to + action.label}
          to={action.to}
          className={action.variant === "secondary" ? "button button-secondary" : "button button-accent"}
        >
          {action.label}
        </Link>
      ))}
    </p>
  );
}

export function ContentHero({
  title,
  lead,
  actions = [],
  children,
}: {
  title: string;
  lead: React.ReactNode;
  actions?: Action[];
  children?: React.ReactNode;
}) {
  return (
    <div className="content-hero">
      <div className="container">
        <h1 className="content-title">{title}</h1>
        <p className="content-lead">{lead}</p>
        {children}
        {actions.length > 0 ? <ActionLinks actions={actions} className="content-actions content-hero-actions" /> : null}
      </div>
    </div>
  );
}

/** A titled part of a page; `soft` gives it the light background band. */
export function ContentSection({
  title,
  children,
  soft = false,
  id,
}: {
  title: string;
  children: React.ReactNode;
  soft?: boolean;
  id?: string;
}) {
  const titleId = useId();
  return (
    <section id={id} className={soft ? "content-section content-section-soft" : "content-section"} aria-labelledby={titleId}>
      <div className="container content-body">
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </section>
  );
}

/** The closing invitation of a page: a title, a sentence and one or two buttons. */
export function CallToAction({ title, text, actions }: { title: string; text: React.ReactNode; actions: Action[] }) {
  const titleId = useId();
  return (
    <section className="content-cta" aria-labelledby={titleId}>
      <div className="container">
        <h2 id={titleId}>{title}</h2>
        <p>{text}</p>
        <ActionLinks actions={actions} />
      </div>
    </section>
  );
}

/** Numbered steps of a process (visit, quote, installation...). */
export function Steps({ steps }: { steps: { title: string; text: React.ReactNode }[] }) {
  return (
    <ol className="content-steps">
      {steps.map((step) => (
        <li key={step.title}>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The experience counters of spec section 1. */
export const COUNTERS = [
  { value: "+300", label: "clientes" },
  { value: "+500", label: "instalaciones" },
  { value: "+200", label: "reparaciones" },
  { value: "+400", label: "horas de servicio postventa" },
];

export function Counters() {
  return (
    <ul className="content-counters" aria-label="Nuestra experiencia en cifras">
      {COUNTERS.map((counter) => (
        <li key={counter.label}>
          <span className="content-counter-value">{counter.value}</span> {counter.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * A table in a focusable, labelled region that scrolls sideways if it is wider than the
 * screen. `stacked` tables (many text columns) show each row as a card on phones; their
 * cells carry `data-label` with the column name (content.css).
 */
export function ScrollTable({
  label,
  stacked = false,
  children,
}: {
  label: string;
  stacked?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="content-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className={stacked ? "content-table content-table-stacked" : "content-table"}>{children}</table>
    </div>
  );
}

/** "sustitución de..." (a clause written to follow "incluye") as a sentence of its own. */
export function asSentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The shop's facts from configuration; content pages always render under the root loader. */
export function useShopInfo(): ShopInfo {
  const shop = useRootData()?.shop;
  if (!shop) throw new Error("Faltan los datos de la tienda (loader raíz)");
  return shop;
}

/** When a legal text was last revised; shown at the top of each legal page. */
export const LEGAL_TEXTS_UPDATED = "noviembre de 2026";

export type LegalSection = { id: string; title: string; content: React.ReactNode };

/**
 * A legal page: title, date, an index of its sections and the sections, in a column narrow
 * enough to read. Section ids are the anchors of the index (and of links from other pages).
 */
export function LegalPage({ title, intro, sections }: { title: string; intro: React.ReactNode; sections: LegalSection[] }) {
  return (
    <div className="container legal-page">
      <h1 className="page-title">{title}</h1>
      <p className="legal-updated">Última actualización: {LEGAL_TEXTS_UPDATED}</p>
      <div className="legal-intro">{intro}</div>
      <nav className="legal-toc" aria-label="Índice">
        <h2 className="legal-toc-title">Índice</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className="legal-section" aria-labelledby={`${section.id}-titulo`}>
          <h2 id={`${section.id}-titulo`}>
            {index + 1}. {section.title}
          </h2>
          {section.content}
        </section>
      ))}
    </div>
  );
}

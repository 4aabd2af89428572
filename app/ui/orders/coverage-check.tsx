import { useId } from "react";
import { useFetcher } from "react-router";
import {
  BACK_FIELD,
  CONTEXT_FIELD,
  COVERAGE_PATH,
  POSTCODE_FIELD,
  type CoverageAnswer,
  type CoverageContext,
} from "~/domain/orders/coverage-form";

type Props = {
  context: CoverageContext;
  /** Where /cobertura links back to when the check was made without JavaScript (this page). */
  back: string;
  title?: string;
  /** The heading's level where the check sits (3 inside a titled section). */
  level?: 2 | 3;
  /** The answer shown on /cobertura itself (the page without JavaScript). */
  answer?: CoverageAnswer | null;
  postcode?: string;
};

/**
 * "¿Instalamos en su zona?" (issue 15): a GET form to /cobertura, so it works without
 * JavaScript and leaves the page (shared by every visitor: decision 0011) as it is; with
 * JavaScript a fetcher asks the same loader and the answer appears here, in a live region.
 */
export function CoverageCheck({ context, back, title = "¿Instalamos en su zona?", level = 2, answer = null, postcode = "" }: Props) {
  const fetcher = useFetcher<{ answer: CoverageAnswer | null }>();
  const id = useId();
  const shown = fetcher.data ? fetcher.data.answer : answer;
  const busy = fetcher.state !== "idle";
  const Heading = level === 2 ? "h2" : "h3";
  const tone = !shown ? "" : shown.kind === "inside" ? " coverage-inside" : shown.kind === "outside" ? " coverage-outside" : " coverage-invalid";
  return (
    <section className="coverage-check" aria-labelledby={`${id}-titulo`}>
      <Heading id={`${id}-titulo`} className="coverage-title">
        {title}
      </Heading>
      <fetcher.Form method="get" action={COVERAGE_PATH} className="coverage-form">
        <input type="hidden" name={CONTEXT_FIELD} value={context} />
        <input type="hidden" name={BACK_FIELD} value={back} />
        <div className="field">
          <label htmlFor={`${id}-cp`}>Código postal</label>
          <div className="coverage-row">
            <input
              id={`${id}-cp`}
              name={POSTCODE_FIELD}
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={7}
              defaultValue={postcode}
              required
              aria-describedby={`${id}-respuesta`}
            />
            <button type="submit" className="button button-secondary" aria-busy={busy || undefined}>
              Comprobar
            </button>
          </div>
        </div>
      </fetcher.Form>
      {/* Always in the page, so a screen reader announces the answer that appears in it. */}
      <p id={`${id}-respuesta`} className={`coverage-answer${tone}`} role="status" aria-live="polite">
        {busy ? "Comprobando…" : shown ? shown.message : ""}
      </p>
    </section>
  );
}

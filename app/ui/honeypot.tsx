import { HONEYPOT_FIELD } from "~/domain/quotes/contact-form";

/**
 * The honeypot of the public forms (contact, free visit, back-in-stock alert, breakdown): a field
 * hidden from people and assistive technology that simple bots fill in; the actions drop a post
 * that has it. `id` keeps the label tied to its input where a page has two forms.
 */
export function Honeypot({ id, name = HONEYPOT_FIELD }: { id: string; name?: string }) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>Deje este campo vacío</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLazyFormCheck } from "./lazy-form-check";

afterEach(cleanup);

type Checks = { isValid: (form: FormData) => boolean };

/** A form whose check is fetched on demand; what reaches the "action" is recorded in `sent`. */
function CheckedForm({ load, sent }: { load: () => Promise<Checks>; sent: string[] }) {
  const checks = useLazyFormCheck(load);
  const [error, setError] = useState("");
  return (
    <form
      aria-label="pedido"
      onFocus={checks.prepare}
      onSubmit={(event) => {
        checks.submit(event, (module, form) => {
          const ok = module.isValid(new FormData(form));
          setError(ok ? "" : "Falta el nombre.");
          return ok;
        });
        // Stands for the router: a submit nobody held goes to the action.
        if (!event.defaultPrevented) {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          sent.push(`${new FormData(event.currentTarget).get("nombre")}/${submitter?.value ?? ""}`);
        }
      }}
    >
      <input name="nombre" aria-label="Nombre" />
      <button type="submit" name="pago" value="tarjeta">
        Pagar
      </button>
      <p role="alert">{error}</p>
    </form>
  );
}

const named = (form: FormData) => String(form.get("nombre") ?? "") !== "";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("useLazyFormCheck", () => {
  it("holds a submit made before the check has arrived, then checks it and sends it with the same button", async () => {
    const module = deferred<Checks>();
    const load = vi.fn(() => module.promise);
    const sent: string[] = [];
    render(<CheckedForm load={load} sent={sent} />);
    fireEvent.change(screen.getByLabelText("Nombre"), { target: { value: "Marta" } });
    fireEvent.click(screen.getByRole("button", { name: "Pagar" }));
    expect(sent).toEqual([]);
    module.resolve({ isValid: named });
    await waitFor(() => expect(sent).toEqual(["Marta/tarjeta"]));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("once loaded, a wrong form is held with the check's message and nothing is sent", async () => {
    const sent: string[] = [];
    render(<CheckedForm load={() => Promise.resolve({ isValid: named })} sent={sent} />);
    fireEvent.focus(screen.getByLabelText("Nombre"));
    fireEvent.click(screen.getByRole("button", { name: "Pagar" }));
    expect(await screen.findByText("Falta el nombre.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("loads the check once, on the first focus", async () => {
    const load = vi.fn(() => Promise.resolve({ isValid: named }));
    render(<CheckedForm load={load} sent={[]} />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByLabelText("Nombre"));
    fireEvent.focus(screen.getByLabelText("Nombre"));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("if the check cannot be fetched the form goes to its action, which checks it again", async () => {
    const sent: string[] = [];
    render(<CheckedForm load={() => Promise.reject(new Error("sin red"))} sent={sent} />);
    fireEvent.click(screen.getByRole("button", { name: "Pagar" }));
    await waitFor(() => expect(sent).toEqual(["/tarjeta"]));
  });
});

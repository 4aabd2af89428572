import { useRef, type FormEvent } from "react";

type State<M> = { module?: M; loading?: Promise<void>; failed?: boolean };

/**
 * A form's browser check (the action's own Zod schema) fetched when the visitor first comes
 * near the form, not in the page's first load: zod is about 15 KB gzip, and issue 14 caps the
 * first load at 130 KB. `prepare` starts the download (give it to onFocus and onPointerDown);
 * `submit` runs the check on submit. A submit that comes before the module is waited for and
 * then sent again with the same button (requestSubmit), so the visitor gets the same answer
 * either way. If the module cannot be fetched the form goes to its action, which checks the
 * same schema. Without JavaScript none of this runs: the form posts to its action.
 */
export function useLazyFormCheck<M>(load: () => Promise<M>) {
  const state = useRef<State<M>>({});

  const prepare = (): Promise<void> => {
    const current = state.current;
    current.loading ??= load().then(
      (module) => {
        current.module = module;
      },
      () => {
        current.failed = true;
      },
    );
    return current.loading;
  };

  /** `check` answers true when the form may go; false holds it (the check shows why). */
  const submit = (event: FormEvent<HTMLFormElement>, check: (module: M, form: HTMLFormElement) => boolean) => {
    const { module, failed } = state.current;
    const form = event.currentTarget;
    if (module) {
      if (!check(module, form)) event.preventDefault();
      return;
    }
    if (failed) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void prepare().then(() => {
      if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : undefined);
    });
  };

  /** Runs `run` with the module now if it is here, or once it has come (a re-check while typing). */
  const whenReady = (run: (module: M) => void) => {
    const { module } = state.current;
    if (module) run(module);
    else void prepare().then(() => state.current.module && run(state.current.module));
  };

  return { prepare, submit, whenReady };
}

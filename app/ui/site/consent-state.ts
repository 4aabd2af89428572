import { useSyncExternalStore } from "react";

/**
 * The cookie decision taken in this page, before the server has answered. The banner hides
 * at the click; a link followed at once renders pages whose root data may predate the
 * cookie, and without this memory the banner would come back. React Router revalidates
 * the root data when the decision's post completes, so the server's word wins after that.
 */
export type Decision = "accepted" | "rejected";

let taken: Decision | null = null;
const listeners = new Set<() => void>();

export function rememberDecision(decision: Decision): void {
  taken = decision;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor's decision: the server's (cookie), else one taken in this page, else null. */
export function useConsent(fromServer: Decision | null): Decision | null {
  const local = useSyncExternalStore(
    subscribe,
    () => taken,
    () => null,
  );
  return fromServer ?? local;
}

import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/** False on the server and while hydrating, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, () => true, () => false);
}

/**
 * A background loop of the process (outbox deliveries, scheduled tasks): runs `round` now and
 * then every `pollMs` after the previous round ends; `stop` aborts the signal the round
 * receives, cancels the next one and waits for the one in progress.
 */
export function startPolling(
  round: (signal: AbortSignal) => Promise<unknown>,
  pollMs: number,
  onError: (error: unknown) => void,
): { stop: () => Promise<void> } {
  const stopping = new AbortController();
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    current = round(stopping.signal)
      .then(() => {}, onError)
      .finally(() => {
        if (!stopping.signal.aborted) timer = setTimeout(tick, pollMs);
      });
  };
  tick();
  return {
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      await current;
    },
  };
}

/**
 * A process's copy of a small value every page reads (the flags, the home page's pictures):
 * read again when older than `maxAgeMs`, and at once after `forget()`. A read that began
 * before a `forget()` is not kept: the page cache forgets these copies when it learns that
 * the database changed (app/server/page-cache), and a page rendered after that must not
 * get the value from before the change.
 */
export type ProcessCopy<T> = {
  get(now?: number): Promise<T>;
  forget(): void;
};

export function processCopy<T>(options: {
  read: () => Promise<T>;
  maxAgeMs: () => number;
  /** What to answer when the read fails: the last value (or a default), or throw. */
  onError: (error: unknown, last: T | undefined) => T;
}): ProcessCopy<T> {
  let cache: { value: T; readAt: number } | undefined;
  let refreshing: Promise<T> | undefined;
  let generation = 0;

  function refresh(): Promise<T> {
    const started = generation;
    const reading = options
      .read()
      .then((value) => {
        if (started === generation) cache = { value, readAt: Date.now() };
        return value;
      })
      .catch((error: unknown) => options.onError(error, cache?.value))
      .finally(() => {
        if (refreshing === reading) refreshing = undefined;
      });
    return reading;
  }

  return {
    get(now = Date.now()) {
      if (cache && now - cache.readAt < options.maxAgeMs()) return Promise.resolve(cache.value);
      refreshing ??= refresh();
      return refreshing;
    },
    forget() {
      generation += 1;
      cache = undefined;
      refreshing = undefined;
    },
  };
}

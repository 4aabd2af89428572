/**
 * For error boundaries: in the browser the error goes to the console for whoever debugs it;
 * on the server React Router's handleError (app/entry.server.tsx) has already written it to
 * the structured log with the request's id, so it is not printed a second time.
 */
export function reportError(error: unknown): void {
  if (typeof document !== "undefined") console.error(error);
}

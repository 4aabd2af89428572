import { data } from "react-router";

/** Every unknown path: a Spanish 404 page (rendered by the root ErrorBoundary) with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

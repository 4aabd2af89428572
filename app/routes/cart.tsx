import { data } from "react-router";

// Placeholder so the route table type-checks; replaced by the issue that builds this screen.
export function loader() {
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}

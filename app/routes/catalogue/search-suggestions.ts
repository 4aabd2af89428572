import { suggestionsResponse } from "~/server/catalogue/suggestions.server";
import type { Route } from "./+types/search-suggestions";

/** /buscar/sugerencias?q=: the header search field's suggestions, JSON (issue 15). */
export async function loader({ request }: Route.LoaderArgs) {
  return suggestionsResponse(request);
}

/*
 * What the header's search field needs to know (issue 15), apart from the rest of the search's
 * rules so that every page's first load carries only these few bytes (issue 14's budget).
 */

export const SEARCH_PATH = "/buscar";
export const SUGGESTIONS_PATH = "/buscar/sugerencias";

/** The longest query read; the routes refuse longer ones (a search field, not a text box). */
export const MAX_QUERY_LENGTH = 100;

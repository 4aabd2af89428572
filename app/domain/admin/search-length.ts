/**
 * The longest text the back office's one search reads (issue 30). A module of its own: the
 * admin frame's header box needs it on every page, and importing search-terms.ts there would
 * put its folding tables into every admin page's first load.
 */
export const SEARCH_MAX_LENGTH = 100;

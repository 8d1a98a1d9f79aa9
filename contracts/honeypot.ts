/**
 * A field no person sees or fills in; a bot that fills every input gives itself away. Kept apart from
 * the form schemas so that the form parts on every page do not pull the validation library into the
 * page's first load.
 */
export const HONEYPOT_FIELD = "website";

/**
 * The stage of fixtures whose source names none (docs/data.md, "Stages"). A season whose
 * fixtures all sit in it has `stage: null`.
 */
export const REGULAR_SEASON = "Regular Season";

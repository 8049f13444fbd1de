/**
 * The stage of fixtures whose source names none (DECISIONS.md, "GET /standings": "the
 * regular season"). A season whose fixtures all sit in it has `stage: null`.
 */
export const REGULAR_SEASON = "Regular Season";

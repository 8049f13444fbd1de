// The table of the live scanner: holds the fixtures of one stream and applies its events.
// - snapshot replaces the whole set (the first one of a connection quietly; a later one, after a
//   reconnect or a rebuild, shows what it changed like any other event);
// - enter adds a row, highlighted for a few seconds; update rewrites a row and flashes the cells
//   whose text changed; leave fades a row out, then removes it.
// Rows keep the stream's order: the query's order value when the fixtures carry it (include
// statistics or metrics), else the snapshot's order; then kick-off time, then id, as the API sorts
// (the client's compareFixtures and valueOf).
import { compareFixtures, valueOf } from "/demo/client.js";
import { element } from "/demo/dom.js";

const ENTERED_MS = 6_000;
const CHANGED_MS = 3_000;
const LEAVING_MS = 1_600;

const STATUS_TEXT = {
  NOT_STARTED: "Not started",
  INPLAY_1ST_HALF: "1st half",
  INPLAY_2ND_HALF: "2nd half",
  INPLAY_ET: "Extra time",
  INPLAY_PENALTIES: "Penalties",
  HT: "Half-time",
  EXTRA_TIME_BREAK: "Extra-time break",
  PEN_BREAK: "Penalties break",
  FT: "Full time",
  POSTPONED: "Postponed",
  CANCELLED: "Cancelled",
  ABANDONED: "Abandoned",
  AWARDED: "Awarded",
  NO_RESULT: "No result",
};
const LOCATION_TEXT = { LEAGUE: "match", HOME: "home", AWAY: "away" };

export class FixtureTable {
  /**
   * columns: the values to show, [{ name, location }] (where conditions and the order value);
   * order: { name, direction, location } or null; includes: the include list of the query.
   */
  constructor({ head, body }, { columns, order, includes }) {
    this.head = head;
    this.body = body;
    this.carriesValues = includes.includes("statistics") || includes.includes("metrics");
    this.columns = this.carriesValues ? columns : [];
    this.order = order;
    this.sortOrder = order && this.carriesValues ? { by: order.name, direction: order.direction, scope: order.location } : null;
    this.entries = new Map();
    this.snapshots = 0;
    this.renderHead();
    body.replaceChildren();
  }

  /** Fixtures shown, without those fading out. */
  get size() {
    let size = 0;
    for (const entry of this.entries.values()) if (!entry.leaving) size++;
    return size;
  }

  snapshot(fixtures) {
    const quiet = this.snapshots++ === 0;
    const incoming = new Set(fixtures.map((fixture) => fixture.id));
    for (const id of [...this.entries.keys()]) if (!incoming.has(id)) this.leave(id);
    fixtures.forEach((fixture, rank) => {
      const entry = this.entries.get(fixture.id);
      if (entry && !entry.leaving) this.apply(entry, fixture, true);
      else this.add(fixture, !quiet);
      this.entries.get(fixture.id).rank = rank;
    });
    this.place();
  }

  enter(fixture) {
    const entry = this.entries.get(fixture.id);
    if (entry && !entry.leaving) this.apply(entry, fixture, true);
    else this.add(fixture, true);
    this.place();
  }

  update(fixture) {
    const entry = this.entries.get(fixture.id);
    if (!entry || entry.leaving) return this.enter(fixture);
    this.apply(entry, fixture, true);
    this.place();
  }

  leave(id) {
    const entry = this.entries.get(id);
    if (!entry || entry.leaving) return;
    entry.row.classList.remove("entered");
    entry.row.classList.add("leaving");
    entry.leaving = setTimeout(() => {
      entry.row.remove();
      this.entries.delete(id);
    }, LEAVING_MS);
  }

  /** Stops the timers; the rows stay as they are. */
  close() {
    for (const entry of this.entries.values()) {
      clearTimeout(entry.leaving);
      clearTimeout(entry.enteredTimer);
    }
  }

  renderHead() {
    const cells = [th("Match"), th("Score"), th("Time")];
    for (const column of this.columns) {
      const cell = th(column.name, "value");
      cell.append(element("span", "where-of", {}, LOCATION_TEXT[column.location]));
      cells.push(cell);
    }
    cells.push(th("Updated"));
    this.head.replaceChildren(...cells);
  }

  add(fixture, highlight) {
    const old = this.entries.get(fixture.id);
    if (old) {
      clearTimeout(old.leaving);
      old.row.remove();
    }
    const row = element("tr", "", { "data-id": String(fixture.id) });
    const cells = this.cellTexts(fixture).map(([className, text]) => element("td", className, {}, text));
    row.append(...cells);
    row.cells[0].replaceChildren(...matchCell(fixture));
    const entry = { fixture, row, cells, rank: Infinity, leaving: 0, enteredTimer: 0 };
    this.entries.set(fixture.id, entry);
    if (highlight) {
      row.classList.add("entered");
      entry.enteredTimer = setTimeout(() => row.classList.remove("entered"), ENTERED_MS);
    }
  }

  apply(entry, fixture, flash) {
    entry.fixture = fixture;
    this.cellTexts(fixture).forEach(([, text], index) => {
      const cell = entry.cells[index];
      if (index === 0) return; // names do not change within a stream
      if (cell.textContent === text) return;
      cell.textContent = text;
      if (flash) restartClass(cell, "changed", CHANGED_MS);
    });
  }

  /** [class, text] of each cell of a row, in column order (the first is replaced by the match cell). */
  cellTexts(fixture) {
    const texts = [["match", ""], ["score", scoreText(fixture)], ["time", timeText(fixture)]];
    for (const column of this.columns) texts.push(["value", formatValue(valueOf(fixture, column.name, column.location))]);
    texts.push(["updated", clockText(fixture.updated_at)]);
    return texts;
  }

  /** Moves only the rows out of place, so running highlights are not restarted. */
  place() {
    const sorted = [...this.entries.values()].sort((a, b) => this.compare(a, b));
    let next = this.body.firstElementChild;
    for (const { row } of sorted) {
      if (row === next) next = next.nextElementSibling;
      else this.body.insertBefore(row, next);
    }
  }

  compare(a, b) {
    // Without the values, only the snapshot's rank knows the query's order.
    if (this.order && !this.carriesValues) {
      const byRank = a.rank - b.rank;
      if (byRank !== 0 && !Number.isNaN(byRank)) return byRank;
    }
    return compareFixtures(a.fixture, b.fixture, this.sortOrder);
  }
}

function side(fixture, location) {
  return fixture.participants.find((participant) => participant.location === location);
}

function formatValue(value) {
  return value === null ? "–" : value.toLocaleString("en");
}

function matchCell(fixture) {
  const home = side(fixture, "home")?.name ?? "?";
  const away = side(fixture, "away")?.name ?? "?";
  const teams = element("span", "teams", {}, `${home} – ${away}`);
  const league = element("span", "league", {}, fixture.league.name);
  const leaving = element("span", "visually-hidden leaving-note", {}, " (leaving)");
  return [teams, league, leaving];
}

function scoreText(fixture) {
  const goals = (location) => fixture.scores.find((score) => score.developer_name === "CURRENT" && score.team_id === side(fixture, location)?.id)?.value;
  const [home, away] = [goals("home"), goals("away")];
  if (home === undefined && away === undefined) return fixture.status === "NOT_STARTED" ? "–" : "0 – 0";
  return `${home ?? 0} – ${away ?? 0}`;
}

/** In play: the match minute and the period; before: the kick-off; after: the final status. */
function timeText(fixture) {
  const status = STATUS_TEXT[fixture.status] ?? fixture.status;
  if (fixture.status === "NOT_STARTED") return kickOffText(fixture.date_time);
  const period = fixture.periods.find((candidate) => candidate.ticking === 1);
  if (!fixture.is_live || !period || period.period_length === 0) return status;
  return `${matchMinute(period)} · ${status}`;
}

/** The minute being played, as a match clock shows it: 1′ from kick-off, 45+2′ in added time. */
function matchMinute({ counts_from: from, minutes, period_length: length }) {
  const played = minutes + 1;
  return played > length ? `${from + length}+${played - length}′` : `${from + played}′`;
}

function kickOffText(dateTime) {
  const date = new Date(dateTime);
  const sameDay = date.toDateString() === new Date().toDateString();
  const options = sameDay ? { hour: "2-digit", minute: "2-digit" } : { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
  return `Kick-off ${new Intl.DateTimeFormat(undefined, options).format(date)}`;
}

export function clockText(iso) {
  return new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(new Date(iso));
}

/** Removes and re-adds a class so its CSS animation runs again, and removes it after `ms`. */
function restartClass(node, className, ms) {
  clearTimeout(node.flashTimer);
  node.classList.remove(className);
  void node.offsetWidth; // a style flush between, or the browser merges the two changes
  node.classList.add(className);
  node.flashTimer = setTimeout(() => node.classList.remove(className), ms);
}

function th(text, className = "") {
  return element("th", className, { scope: "col" }, text);
}

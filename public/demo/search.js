// A reference search box over GET /search. What a client should do, in order:
// 1. debounce keystrokes (DEBOUNCE_MS) so a fast typist sends one request, not ten;
// 2. abort the request in flight when a newer one starts, and also drop any response that is not
//    the latest (an aborted fetch can still resolve first), so old results never overwrite new;
// 3. render the lists in score order as the API returns them (score is in [0, 1]; 1 means the
//    text equals a name), grouped by type;
// 4. keep keyboard navigation on the input (combobox pattern): arrows move, Enter selects,
//    Escape closes, then clears.
// The API key is kept in sessionStorage only (gone when the tab closes) and sent as X-API-Key by
// the TypeScript client (@sports-fixtures/client, served here as its browser bundle).
import { createClient } from "/demo/client.js";
import { element } from "/demo/dom.js";

const DEBOUNCE_MS = 150;
const LIMIT = 5;
const KEY_STORAGE = "sfd.demo.apiKey";
const GROUPS = [
  { key: "teams", title: "Teams" },
  { key: "fixtures", title: "Fixtures" },
  { key: "leagues", title: "Leagues" },
  { key: "countries", title: "Countries" },
];

const input = document.getElementById("q");
const list = document.getElementById("results");
const status = document.getElementById("status");
const keyInput = document.getElementById("api-key");
const languageSelect = document.getElementById("language");
const selected = document.getElementById("selected");
const selectedJson = document.getElementById("selected-json");

let timer = 0;
let latest = 0;
let inFlight = null;
let options = [];
let active = -1;

keyInput.value = sessionStorage.getItem(KEY_STORAGE) ?? "";
keyInput.addEventListener("input", () => {
  sessionStorage.setItem(KEY_STORAGE, keyInput.value.trim());
  schedule();
});
for (const box of document.querySelectorAll('input[name="type"]')) box.addEventListener("change", schedule);
languageSelect.addEventListener("change", schedule);
input.addEventListener("input", schedule);
input.addEventListener("keydown", onKey);
input.addEventListener("focus", () => options.length > 0 && open(true));
document.addEventListener("click", (event) => {
  if (!event.target.closest(".search")) open(false);
});

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(search, DEBOUNCE_MS);
}

async function search() {
  const q = input.value.trim();
  const key = keyInput.value.trim();
  const types = [...document.querySelectorAll('input[name="type"]:checked')].map((box) => box.value);
  const request = ++latest;
  inFlight?.abort();
  inFlight = null;
  if (q === "") return render(null, "");
  if (key === "") return render(null, "Paste an API key to search.");
  if (types.length === 0) return render(null, "Choose at least one type.");

  const controller = new AbortController();
  inFlight = controller;
  const client = createClient({ baseUrl: location.origin, apiKey: key });
  const started = performance.now();
  try {
    const body = await client.search(q, { types, limit: LIMIT, language: languageSelect.value }, { signal: controller.signal });
    if (request !== latest) return; // a newer request was started: this answer is stale
    const count = GROUPS.reduce((sum, group) => sum + (body[group.key]?.length ?? 0), 0);
    render(body, `${count} result${count === 1 ? "" : "s"} in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    if (error.name === "AbortError" || request !== latest) return;
    if (typeof error.status === "number") return render(null, errorText(error), true);
    render(null, "The service cannot be reached.", true);
  }
}

/** The text of the API's error (an ApiError: its status and the API's own message). */
function errorText(error) {
  if (error.status === 403) return "The key was rejected (403). Paste a valid API key.";
  return `${error.status}: ${error.message}`;
}

function render(body, message, isError = false) {
  status.textContent = message;
  status.classList.toggle("error", isError);
  list.replaceChildren();
  options = [];
  active = -1;
  input.removeAttribute("aria-activedescendant");
  if (!body) return open(false);

  for (const group of GROUPS) {
    const items = body[group.key];
    if (!items || items.length === 0) continue;
    const section = element("div", "group", { role: "group", "aria-labelledby": `group-${group.key}` });
    section.append(element("p", "group-title", { id: `group-${group.key}` }, group.title));
    for (const item of items) {
      const option = renderOption(group.key, item, options.length);
      options.push({ element: option, item, type: group.key });
      section.append(option);
    }
    list.append(section);
  }
  if (options.length === 0) list.append(element("div", "empty", {}, "No matches."));
  open(true);
}

function renderOption(type, item, index) {
  const { name, detail, live } = describe(type, item);
  const option = element("div", "option", { role: "option", id: `option-${index}`, "aria-selected": "false" });
  option.append(element("span", "name", {}, name));
  const info = element("span", "detail", {}, detail);
  if (live) info.prepend(element("span", "live", {}, `${live} · `));
  option.append(info);
  const score = element("span", "score", { title: `score ${item.score}` });
  const bar = element("span", "bar");
  const fill = element("span");
  fill.style.width = `${Math.round(item.score * 100)}%`; // CSSOM, not a style attribute: allowed by the page's CSP
  bar.append(fill);
  score.append(bar, document.createTextNode(item.score.toFixed(2)));
  option.append(score);
  option.addEventListener("mousemove", () => setActive(index));
  option.addEventListener("mousedown", (event) => {
    event.preventDefault(); // keep the focus on the input
    choose(index);
  });
  return option;
}

/** The text of one result, per type. */
function describe(type, item) {
  if (type === "teams") return { name: item.name, detail: `${item.country.name} · ${item.short_code}` };
  if (type === "countries") return { name: item.name, detail: item.alpha3 };
  if (type === "leagues") {
    return {
      name: item.league.name,
      detail: `${item.country.name}${item.season ? ` · ${item.season.name}` : ""} · ${item.count} fixtures`,
      live: item.live > 0 ? `${item.live} live` : "",
    };
  }
  const [home, away] = [item.participants.find((p) => p.location === "home"), item.participants.find((p) => p.location === "away")];
  const when = new Intl.DateTimeFormat(languageSelect.value, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(item.date_time));
  return { name: `${home?.name ?? "?"} – ${away?.name ?? "?"}`, detail: `${item.league.name} · ${when}`, live: item.is_live ? "LIVE" : "" };
}

function onKey(event) {
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    if (options.length === 0) return;
    event.preventDefault();
    open(true);
    const step = event.key === "ArrowDown" ? 1 : -1;
    setActive(active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
  } else if (event.key === "Enter") {
    if (active >= 0) {
      event.preventDefault();
      choose(active);
    }
  } else if (event.key === "Escape") {
    if (!list.hidden) open(false);
    else {
      input.value = "";
      schedule();
    }
  }
}

function setActive(index) {
  if (active >= 0) options[active]?.element.setAttribute("aria-selected", "false");
  active = index;
  const option = options[active]?.element;
  if (!option) return;
  option.setAttribute("aria-selected", "true");
  option.scrollIntoView({ block: "nearest" });
  input.setAttribute("aria-activedescendant", option.id);
}

function choose(index) {
  const chosen = options[index];
  if (!chosen) return;
  selected.hidden = false;
  selectedJson.textContent = JSON.stringify({ type: chosen.type, ...chosen.item }, null, 2);
  open(false);
}

function open(visible) {
  list.hidden = !visible;
  input.setAttribute("aria-expanded", String(visible));
}

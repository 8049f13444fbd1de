// A reference client of GET /fixtures/search/stream, written with the TypeScript client
// (@sports-fixtures/client, served here as its browser bundle). What a client should do, in order:
// 1. build the query of /fixtures/search (without page and per_page) as typed where/order values
//    and open ONE live result set on it; close it before opening another (a key holds a limited
//    number of open streams);
// 2. apply the events in order: snapshot (replace all), enter, update, leave (scanner-table.js);
//    the client holds the set and sends the key in a header (it streams with fetch, not EventSource);
// 3. let the client reconnect by itself after a drop: it sends Last-Event-ID and gets what it
//    missed, or a fresh snapshot; it waits as a 429 or 503 says in Retry-After;
// 4. when the stream is refused (400, 403, 429 without Retry-After), the set closes with the API's
//    own error text.
// The API key is kept in sessionStorage only (gone when the tab closes), shared with the search demo.

import { createClient } from "/demo/client.js";
import { element } from "/demo/dom.js";
import { clockText, FixtureTable } from "/demo/scanner-table.js";
import { BacktestPanel } from "/demo/backtest-panel.js";

const KEY_STORAGE = "sfd.demo.apiKey";
const MAX_WHERE = 10;
const TYPES_DEBOUNCE_MS = 300;
// The groups where[] and order[] read: statistics, and the metric groups.
const VALUE_TYPES = ["statistics", "predictions", "smart_money", "league_average"];
// Also loaded, never offered: the trends name the values an in-play backtest reads.
const TREND_TYPE = "trends";
const LOCATIONS = [
  ["LEAGUE", "Match (both teams)"],
  ["HOME", "Home team"],
  ["AWAY", "Away team"],
];
const STATE_TEXT = { idle: "Not connected", connecting: "Connecting…", live: "Live", reconnecting: "Reconnecting…", closed: "Closed", stopped: "Stopped" };
// The live result set's states, as the page names them.
const LIVE_STATE = { connecting: "connecting", open: "live", retrying: "reconnecting", closed: "closed" };
const EVENTS = ["snapshot", "enter", "update", "leave"];

const form = document.getElementById("query");
const keyInput = document.getElementById("api-key");
const windowSelect = document.getElementById("window");
const whereRows = document.getElementById("where-rows");
const addWhere = document.getElementById("add-where");
const orderName = document.getElementById("order-name");
const orderDirection = document.getElementById("order-direction");
const orderLocation = document.getElementById("order-location");
const stopButton = document.getElementById("stop");
const state = document.getElementById("state");
const status = document.getElementById("status");
const countText = document.getElementById("count");
const eventsText = document.getElementById("events");
const lastEventText = document.getElementById("last-event");
const request = document.getElementById("request");
const requestUrl = document.getElementById("request-url");
const empty = document.getElementById("empty");
const fixturesTable = document.getElementById("fixtures");
const tableElements = { head: document.getElementById("fixtures-head"), body: document.getElementById("fixtures-body") };

let types = []; // [{ developer_name, name, developer_type }]
let typesFor = null;
let live = null;
let table = null;
let counts = {};

fillLocations(orderLocation);
fillTypeSelect(orderName);
keyInput.value = sessionStorage.getItem(KEY_STORAGE) ?? "";
let typesTimer = 0;
keyInput.addEventListener("input", () => {
  sessionStorage.setItem(KEY_STORAGE, keyInput.value.trim());
  clearTimeout(typesTimer);
  typesTimer = setTimeout(loadTypes, TYPES_DEBOUNCE_MS);
});
addWhere.addEventListener("click", () => addWhereRow());
orderName.addEventListener("change", showOrderChoices);
showOrderChoices();
form.addEventListener("submit", (event) => {
  event.preventDefault();
  watch();
});
stopButton.addEventListener("click", () => stop("stopped"));
window.addEventListener("pagehide", () => live?.close());
const backtest = new BacktestPanel(document.getElementById("backtest"), {
  rule: () => (readQuery().params.where ? { where: readQuery().params.where } : {}),
  namesInPlay: () => Object.keys(readQuery().params.where ?? {}).some(isInPlayName),
  client: () => clientFor(keyInput.value.trim()),
  failureText,
});
whereRows.addEventListener("change", () => backtest.ruleChanged());
loadTypes();

/** The names where[] accepts, from /types, grouped by developer_type. */
async function loadTypes() {
  const key = keyInput.value.trim();
  if (key === "" || key === typesFor) return;
  typesFor = key;
  try {
    const body = await clientFor(key).types({ developer_type: [...VALUE_TYPES, TREND_TYPE] });
    if (key !== typesFor) return;
    types = body.types;
    for (const select of document.querySelectorAll(".type-select")) fillTypeSelect(select);
    backtest.ruleChanged();
    say("");
  } catch (error) {
    if (key !== typesFor) return;
    typesFor = null;
    say(failureText(error), true);
  }
}

/** An in-play value: a trend (GOALS, CORNERS, ...) or a windowed statistic (NAME_LAST_5/10/15). */
function isInPlayName(name) {
  return types.some((type) => type.developer_name === name && (type.developer_type === TREND_TYPE || (type.developer_type === "statistics" && name.includes("_LAST_"))));
}

function fillTypeSelect(select) {
  const current = select.value;
  const options = [];
  if (select.dataset.empty) options.push(element("option", "", { value: "" }, select.dataset.empty));
  if (types.length === 0 && !select.dataset.empty) options.push(element("option", "", { value: "" }, "Enter a key to load names"));
  for (const group of VALUE_TYPES) {
    const members = types.filter((type) => type.developer_type === group);
    if (members.length === 0) continue;
    const optgroup = element("optgroup", "", { label: group.replace("_", " ") });
    for (const type of members) optgroup.append(element("option", "", { value: type.developer_name, title: type.name }, type.developer_name));
    options.push(optgroup);
  }
  select.replaceChildren(...options);
  if ([...select.options].some((option) => option.value === current)) select.value = current;
}

/** Direction and location mean nothing for the default order (kick-off time). */
function showOrderChoices() {
  orderDirection.disabled = orderLocation.disabled = orderName.value === "";
}

function fillLocations(select) {
  select.replaceChildren(...LOCATIONS.map(([value, text]) => element("option", "", { value }, text)));
}

function addWhereRow() {
  const index = whereRows.children.length + 1;
  const row = element("div", "where-row", { role: "group", "aria-label": `Condition ${index}` });
  const name = element("select", "type-select where-name");
  fillTypeSelect(name);
  const min = element("input", "where-min", { type: "number", step: "1", inputmode: "numeric", placeholder: "min", required: "" });
  const max = element("input", "where-max", { type: "number", step: "1", inputmode: "numeric", placeholder: "max", required: "" });
  const location = element("select", "where-location");
  fillLocations(location);
  const remove = element("button", "secondary remove", { type: "button", "aria-label": `Remove condition ${index}` }, "Remove");
  remove.addEventListener("click", () => {
    row.remove();
    renumberWhereRows();
    backtest.ruleChanged();
  });
  row.append(labelled("Name", name), labelled("Min", min), labelled("Max", max), labelled("Value of", location), remove);
  whereRows.append(row);
  renumberWhereRows();
  name.focus();
}

function renumberWhereRows() {
  [...whereRows.children].forEach((row, index) => {
    row.setAttribute("aria-label", `Condition ${index + 1}`);
    row.querySelector(".remove").setAttribute("aria-label", `Remove condition ${index + 1}`);
  });
  addWhere.disabled = whereRows.children.length >= MAX_WHERE;
}

function labelled(text, control) {
  const label = element("label", "", {}, text);
  label.append(control);
  return label;
}

/** The query of the form, as the client's typed parameters of /fixtures/search, and the values worth a column. */
function readQuery() {
  const params = { window: windowSelect.value };
  const includes = [...form.querySelectorAll('input[name="include"]:checked')].map((box) => box.value);
  if (includes.length > 0) params.include = includes;
  const columns = [];
  const where = {};
  for (const row of whereRows.children) {
    const name = row.querySelector(".where-name").value;
    if (name === "") continue;
    const location = row.querySelector(".where-location").value;
    // An empty bound is an open end; the API gets the widest bound there (the client writes it).
    const [min, max] = [".where-min", ".where-max"].map((selector) => row.querySelector(selector).value.trim());
    (where[name] ??= []).push({ ...(min === "" ? {} : { min: Number(min) }), ...(max === "" ? {} : { max: Number(max) }), scope: location });
    columns.push({ name, location });
  }
  if (Object.keys(where).length > 0) params.where = where;
  let order = null;
  if (orderName.value !== "") {
    order = { name: orderName.value, direction: orderDirection.value, location: orderLocation.value };
    params.order = { by: order.name, direction: order.direction, scope: order.location };
    if (!columns.some((column) => column.name === order.name && column.location === order.location)) columns.push(order);
  }
  return { params, includes, columns, order };
}

/** A client for the key typed in; the page talks to its own origin. */
function clientFor(key) {
  return createClient({ baseUrl: location.origin, apiKey: key });
}

function watch() {
  const key = keyInput.value.trim();
  sessionStorage.setItem(KEY_STORAGE, key);
  if (key === "") return say("Paste an API key to watch.", true);
  stop("idle");
  loadTypes();
  const { params, includes, columns, order } = readQuery();
  const set = clientFor(key).live.fixturesSearch(params);
  // Shown as the client sends it (brackets and colons unescaped); the key travels in a header.
  requestUrl.textContent = decodeURIComponent(new URL(set.url).pathname + new URL(set.url).search);
  request.hidden = false;
  table = new FixtureTable(tableElements, { columns, order, includes });
  counts = Object.fromEntries(EVENTS.map((name) => [name, 0]));
  showCounts();
  lastEventText.textContent = "–";
  empty.textContent = "Waiting for the snapshot…";
  empty.hidden = false;

  live = set;
  stopButton.disabled = false;
  setState("connecting");
  say("");
  set.on("state", ({ state: next, error }) => {
    if (live !== set) return;
    setState(LIVE_STATE[next]);
    if (next !== "closed") return;
    stopButton.disabled = true;
    if (counts.snapshot === 0) empty.textContent = "No stream is open.";
    if (error) say(failureText(error), true);
  });
  set.on("snapshot", ({ fixtures }) => onEvent(set, "snapshot", () => table.snapshot(fixtures)));
  set.on("enter", ({ fixture }) => onEvent(set, "enter", () => table.enter(fixture)));
  set.on("update", ({ fixture }) => onEvent(set, "update", () => table.update(fixture)));
  set.on("leave", ({ fixtureId }) => onEvent(set, "leave", () => table.leave(fixtureId)));
}

function onEvent(set, name, apply) {
  if (live !== set) return;
  apply();
  counts[name]++;
  showCounts();
  lastEventText.textContent = `${name} at ${clockText(new Date().toISOString())}`;
  lastEventText.title = `event id ${set.lastEventId}`;
  if (name === "snapshot") say(`Snapshot: ${table.size} fixture${table.size === 1 ? "" : "s"}. Changes follow as they happen.`);
}

function showCounts() {
  const size = table?.size ?? 0;
  countText.textContent = String(size);
  const total = EVENTS.reduce((sum, name) => sum + counts[name], 0);
  eventsText.textContent = `${total} (${counts.enter} enter, ${counts.update} update, ${counts.leave} leave)`;
  fixturesTable.hidden = counts.snapshot === 0;
  empty.hidden = size > 0;
  if (counts.snapshot > 0) empty.textContent = "No fixture matches right now; they appear here as soon as one does.";
}

/** The text of a failed call: the API's own error (ApiError), or the network's. */
function failureText(error) {
  if (typeof error?.status !== "number") return "The service cannot be reached.";
  if (error.status === 403) return `The key was rejected (403: ${error.message}). Paste a valid API key.`;
  if (error.status === 429) return `Too many streams or requests (429): ${error.message}`;
  return `${error.status}: ${error.message}`;
}

function stop(next) {
  const closing = live;
  live = null;
  closing?.close();
  table?.close();
  stopButton.disabled = true;
  setState(next);
}

function setState(next) {
  state.dataset.state = next;
  state.textContent = STATE_TEXT[next];
}

function say(message, isError = false) {
  status.textContent = message;
  status.classList.toggle("error", isError);
}

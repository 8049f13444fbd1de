// What both backtest results are drawn with: a list of named figures, a small table, an SVG
// canvas, and the number formats. The results themselves: pre-match-results.js, in-play-results.js.

import { element } from "/demo/dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** `[[name, value], ...]` as a row of figures, each its name over its value. */
export function figureList(figures) {
  const list = element("dl", "bt-figures");
  for (const [name, value] of figures) {
    const item = element("div");
    item.append(element("dt", "", {}, name), element("dd", "", {}, String(value)));
    list.append(item);
  }
  return list;
}

/** A table of text cells with a caption; `head`, when given, names the columns (the first left, the others right). */
export function textTable(className, caption, rows, head = null) {
  const table = element("table", className);
  table.append(element("caption", "", {}, caption));
  if (head) {
    const tr = element("tr");
    tr.append(...head.map((text) => element("th", "", { scope: "col" }, text)));
    const thead = element("thead");
    thead.append(tr);
    table.append(thead);
  }
  const body = element("tbody");
  for (const cells of rows) {
    const tr = element("tr");
    tr.append(...cells.map((text) => element("td", "", {}, String(text))));
    body.append(tr);
  }
  table.append(body);
  return table;
}

/** An SVG of `width` x `height` user units that scales to its box, and `add(tag, attributes, text)` to draw in it. */
export function svgCanvas(className, label, { width, height }) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", className);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  const add = (tag, attributes, text, parent = svg) => {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    if (text !== undefined) node.textContent = text;
    parent.append(node);
    return node;
  };
  return { svg, add };
}

export const percent = (ratio) => (ratio === null ? "–" : `${(ratio * 100).toFixed(1)}%`);
export const units = (value) => `${value > 0 ? "+" : ""}${value.toFixed(2)} u`;
export const orDash = (value) => value ?? "–";

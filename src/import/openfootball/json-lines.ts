/**
 * Line numbers inside a JSON text, for error messages only (JSON.parse forgets positions).
 * Both functions scan the text once and understand strings, so braces inside names don't count.
 */

/** 1-based line of a character offset. */
export function lineOfPosition(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * 1-based line where element `index` of the top-level object's array `key` starts, or undefined
 * when the text has no such element.
 */
export function lineOfArrayElement(text: string, key: string, index: number): number | undefined {
  const keyToken = JSON.stringify(key);
  let depth = 0;
  let inString = false;
  let arrayDepth = -1; // depth inside the wanted array, once found
  let element = -1;
  let expectingElement = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      if (arrayDepth === -1 && depth === 1 && text.startsWith(keyToken, i)) {
        const colon = text.indexOf(":", i + keyToken.length);
        const open = text.indexOf("[", colon);
        if (colon !== -1 && open !== -1 && text.slice(i + keyToken.length, colon).trim() === "") {
          i = open;
          depth++;
          arrayDepth = depth;
          expectingElement = true;
          continue;
        }
      }
      if (expectingElement && depth === arrayDepth) {
        element++;
        expectingElement = false;
        if (element === index) return lineOfPosition(text, i);
      }
      inString = true;
      continue;
    }
    if (ch === "{" || ch === "[") {
      if (expectingElement && depth === arrayDepth) {
        element++;
        expectingElement = false;
        if (element === index) return lineOfPosition(text, i);
      }
      depth++;
    } else if (ch === "}" || ch === "]") {
      depth--;
      if (arrayDepth !== -1 && depth < arrayDepth) return undefined;
    } else if (ch === "," && depth === arrayDepth) {
      expectingElement = true;
    } else if (expectingElement && depth === arrayDepth && ch !== undefined && /[^\s]/.test(ch)) {
      element++; // a number, true, false or null element
      expectingElement = false;
      if (element === index) return lineOfPosition(text, i);
    }
  }
  return undefined;
}

// Reads the function signatures of a WIT package: enough to derive the host-call table from
// wit/omw.wit, not a general WIT parser (types are kept as their source text).

export interface WitParam {
  name: string;
  type: string;
}

export interface WitFunction {
  iface: string;
  /** Set for a resource method; the resource handle is then the call's receiver. */
  resource?: string;
  name: string;
  params: WitParam[];
  /** Source text of the result type, or undefined for a function with no result. */
  result?: string;
}

const stripComments = (source: string): string => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');

/** Splits on commas that are not nested inside `<...>` or `(...)`. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '<' || ch === '(') depth++;
    if (ch === '>' || ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** Finds the body between the brace at `open` and its matching close. */
function blockBody(text: string, open: number): { body: string; end: number } {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { body: text.slice(open + 1, i), end: i };
  }
  throw new Error('unbalanced braces in WIT source');
}

const FUNC = /([a-z][a-z0-9-]*)\s*:\s*func\s*\(([^)]*)\)\s*(?:->\s*([^;]+))?;/g;

function functionsIn(body: string, iface: string, resource?: string): WitFunction[] {
  const found: WitFunction[] = [];
  for (const m of body.matchAll(FUNC)) {
    const params = splitTopLevel(m[2] ?? '').map((p) => {
      const colon = p.indexOf(':');
      return { name: p.slice(0, colon).trim(), type: p.slice(colon + 1).trim() };
    });
    const result = m[3]?.trim();
    found.push({ iface, ...(resource ? { resource } : {}), name: m[1]!, params, ...(result ? { result } : {}) });
  }
  return found;
}

/** Every function of every interface, resource methods first within their interface. */
export function witFunctions(source: string): WitFunction[] {
  const text = stripComments(source);
  const out: WitFunction[] = [];
  for (const im of text.matchAll(/\binterface\s+([a-z][a-z0-9-]*)\s*\{/g)) {
    const iface = im[1]!;
    let { body } = blockBody(text, im.index + im[0].length - 1);
    for (;;) {
      const rm = /\bresource\s+([a-z][a-z0-9-]*)\s*\{/.exec(body);
      if (!rm) break;
      const inner = blockBody(body, rm.index + rm[0].length - 1);
      out.push(...functionsIn(inner.body, iface, rm[1]));
      body = body.slice(0, rm.index) + body.slice(inner.end + 1);
    }
    out.push(...functionsIn(body, iface));
  }
  return out;
}

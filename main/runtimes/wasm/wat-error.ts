// wasm-tools (through jco) reports a `.wat` that does not assemble as the Debug dump of its Rust
// error: `Error { kind: Wast(Error { inner: ErrorInner { text: Some(Text { line: 1, col: 0, … }),
// span: Span { offset: 76 }, kind: Custom("extra tokens remaining after parse") } }) }`. This reads
// the message and the position out of it, the position from the byte offset into the source.

export interface WatError {
  message: string;
  /** 1-based, as editors count. */
  line: number;
  column: number;
}

function positionAt(source: string, offset: number): { line: number; column: number } {
  const before = Buffer.from(source).subarray(0, offset).toString('utf8');
  const lines = before.split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

const words = (name: string): string => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** `Custom("expected `)`")` is its text; a lexer error such as `Lex(Unexpected('x'))` reads `unexpected 'x'`. */
function messageOf(dump: string): string {
  const custom = /kind: Custom\("((?:[^"\\]|\\.)*)"\)/.exec(dump);
  if (custom) return JSON.parse(`"${custom[1]}"`) as string;
  const lex = /kind: Lex\((\w+)(?:\((.*)\))?\) \}/.exec(dump);
  if (lex) return `${words(lex[1]!)}${lex[2] ? ` ${lex[2]}` : ''}`;
  return 'invalid WebAssembly text';
}

/** The assembler's message and position, or undefined when `dump` is not such an error. */
export function watError(dump: string, source: string): WatError | undefined {
  const offset = /span: Span \{ offset: (\d+) \}/.exec(dump);
  if (!offset) return undefined;
  return { message: messageOf(dump), ...positionAt(source, Number(offset[1])) };
}

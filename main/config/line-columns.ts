// Parsers that report character offsets (jsonc-parser, our TOML key scanner) need them turned
// into the 1-based line and column people see in their editor.

export type OffsetToLineColumn = (offset: number) => { line: number; column: number };

export function lineColumnsOf(text: string): OffsetToLineColumn {
  const lineStarts = [0];
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '\n') lineStarts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  };
}

// Readers find character offsets (jsonc-parser's scanner, yaml's ranges, our TOML key scanner); these
// become the 1-based line and column people see in their editor only when one is shown.

export type OffsetToLineColumn = (offset: number) => { line: number; column: number };

export function lineColumnsOf(text: string): OffsetToLineColumn {
  const lineStarts = [0];
  for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', newline + 1)) {
    lineStarts.push(newline + 1);
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

// Data sizes as upstream measures them against its limits: for a value, the array slots (BLOB
// bytes included), map entries and UTF-8 string bytes in it, nested containers included. The
// counting itself, kept up to date as values change, is eval/size-ledger.ts.

export interface DataSizes {
  arrays: number;
  maps: number;
  strings: number;
}

export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      // A surrogate pair (2 UTF-16 units) is 4 bytes.
      n += 2;
      i++;
    } else if (c >= 0x800) n += 2;
    else if (c >= 0x80) n += 1;
  }
  return n;
}

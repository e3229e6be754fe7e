// Upstream's data-size accounting: a container's size includes everything nested in it. Arrays
// count their elements plus the elements of nested arrays (and BLOB bytes), maps count their
// entries plus nested maps' entries, and strings count UTF-8 bytes wherever they sit.

import { Blob, type Value } from './values.ts';

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

function addNested(v: Value, into: DataSizes): void {
  if (typeof v === 'string') into.strings += utf8Length(v);
  else if (Array.isArray(v) || v instanceof Map) {
    const inner = dataSizes(v);
    into.arrays += inner.arrays;
    into.maps += inner.maps;
    into.strings += inner.strings;
  } else if (v instanceof Blob) into.arrays += v.bytes.length;
}

export function dataSizes(v: Value): DataSizes {
  const sizes: DataSizes = { arrays: 0, maps: 0, strings: 0 };
  if (typeof v === 'string') sizes.strings = utf8Length(v);
  else if (v instanceof Blob) sizes.arrays = v.bytes.length;
  else if (Array.isArray(v)) {
    sizes.arrays = v.length;
    for (const x of v) addNested(x, sizes);
  } else if (v instanceof Map) {
    sizes.maps = v.size;
    for (const x of v.values()) addNested(x, sizes);
  }
  return sizes;
}

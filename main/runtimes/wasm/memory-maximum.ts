// A component's linear memories live outside the engine thread's heap limit, and a brain that
// grows one without calling the host is never seen by the engine's own check. So every memory a
// core module defines gets a maximum of the brain's cap before the module is compiled: growing
// past it fails inside the guest (memory.grow answers -1), as it would on a machine with no more
// memory. Only the memory section changes; every other byte is copied as it is.

const MEMORY_SECTION = 5;
export const PAGE_BYTES = 64 * 1024;
/** Limits flags: bit 0 says a maximum follows, bit 1 marks shared memory, bit 2 a 64-bit memory. */
const HAS_MAXIMUM = 0x01;
const IS_64 = 0x04;

function readU32(bytes: Uint8Array, at: number): { value: number; next: number } {
  let value = 0;
  let shift = 0;
  for (let i = at; ; i++) {
    const byte = bytes[i];
    if (byte === undefined) throw new Error('truncated core module');
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return { value, next: i + 1 };
    shift += 7;
  }
}

function writeU32(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    const byte = rest % 128;
    rest = Math.floor(rest / 128);
    out.push(rest > 0 ? byte | 0x80 : byte);
  } while (rest > 0);
  return out;
}

/** The memory section's entries with each maximum lowered to `maxPages`. */
function cappedSection(payload: Uint8Array, maxPages: number): number[] {
  const out: number[] = [];
  let at = 0;
  const count = readU32(payload, at);
  at = count.next;
  out.push(...writeU32(count.value));
  for (let i = 0; i < count.value; i++) {
    const flags = payload[at++]!;
    if (flags & IS_64) return [...payload];
    const min = readU32(payload, at);
    at = min.next;
    let max = maxPages;
    if (flags & HAS_MAXIMUM) {
      const declared = readU32(payload, at);
      at = declared.next;
      max = Math.min(declared.value, maxPages);
    }
    out.push(flags | HAS_MAXIMUM, ...writeU32(min.value), ...writeU32(Math.max(max, min.value)));
  }
  return out;
}

/** The core module with its memories' maximum at most `maxBytes` (never below their initial size). */
export function withMemoryMaximum(module: Uint8Array, maxBytes: number): Uint8Array {
  const maxPages = Math.max(1, Math.floor(maxBytes / PAGE_BYTES));
  const parts: Uint8Array[] = [module.subarray(0, 8)];
  let at = 8;
  while (at < module.length) {
    const id = module[at]!;
    const size = readU32(module, at + 1);
    const end = size.next + size.value;
    if (id === MEMORY_SECTION) {
      const section = cappedSection(module.subarray(size.next, end), maxPages);
      parts.push(Uint8Array.from([id, ...writeU32(section.length), ...section]));
    } else {
      parts.push(module.subarray(at, end));
    }
    at = end;
  }
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

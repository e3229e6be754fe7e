// How a re-run of an iteration hooks the brain (rerun.ts): as cheaply as the hooks-off live brain
// where nothing is wanted. Each function entry counts its serial as the live brain's does, and
// marks its frame when the serial is the next one wanted (one comparison): 1 for a frame around
// the stop's, whose statements hand their accessors over, 2 for the stop's own frame, whose hook
// at the stop's site is taken only where its variables hold the values they hold at the stop (a
// loop turning without calls passes the site with the same serials). Every other statement costs
// a comparison. Entries also keep the serials of the frames on the stack (`K`, `H` high), for the
// re-run's first pass to learn which serials are wanted; the stop's frame leaving says the re-run
// went past the stop.

import { SHARED, type HookShape } from './instrument.ts';

/** The names of the prelude's bindings the re-run's hooks use, by suffix. */
export const RERUN = {
  /** The frame's mark: 0 nothing wanted, 1 around the stop, 2 the stop's frame (a const of each body). */
  mark: 'r',
  /** The next entry serial wanted. */
  next: 'e',
  /** Called on entry of the serial wanted: the frame's mark. */
  enter: 'E',
  /** Called when the stop's frame leaves. */
  left: 'L',
  /** The entry serials of the frames on the stack, from 1 to `height`. */
  stack: 'K',
  height: 'H',
  /** A frame's place in `stack` (a const of each body). */
  slot: 'g',
} as const;

/** Where a re-run stops, and what the stop's variables hold there, for the hooks to test. */
export interface RerunStopSite {
  site: number;
  /** The entry serial count at the stop. */
  serial: number;
  /** Literals of the values the site's variables hold at the stop, by the variable's index. */
  literals: ReadonlyMap<number, string>;
}

export function rerunHooks(stop: RerunStopSite): (name: (suffix: string) => string) => HookShape {
  return (name) => {
    const [count, offset, depth, mark] = [name(SHARED.serial), name(SHARED.offset), name('d'), name(RERUN.mark)];
    const [stack, height, slot] = [name(RERUN.stack), name(RERUN.height), name(RERUN.slot)];
    const record = name('S');
    return {
      statement: (id, names) => {
        if (id !== stop.site) return `${mark}===1&&${record}(${id},${depth},`;
        const values = [...stop.literals].map(([index, literal]) => `&&${names[index]}===${literal}`).join('');
        return `(${mark}===1||${mark}===2&&${count}+${offset}===${stop.serial}${values})&&${record}(${id},${depth},`;
      },
      entry: (counted) =>
        `var ${depth}=${counted ? '' : '++'}${count}+${offset},` +
        `${mark}=${depth}===${name(RERUN.next)}?${name(RERUN.enter)}():0,${slot}=++${height};${stack}[${slot}]=${depth};`,
      exit: `${height}=${slot}-1;${mark}===2&&${name(RERUN.left)}()`,
    };
  };
}

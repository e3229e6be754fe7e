// Core functions: type inspection, printing, function pointers and termination.

import { RhaiError } from '../types/errors.ts';
import { debugValue, displayValue } from '../types/format.ts';
import { FnPtr, tagOf, typeOf, withTag, type Value } from '../types/values.ts';
import { fnptr, int, str } from '../func/arg.ts';
import { REPORTS_SIZES, type Define } from './define.ts';
import { checkedTag } from '../eval/variable-tags.ts';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function registerCore(def: Define): void {
  def('type_of', ['?'], ([v]) => typeOf(v));
  def('print', ['?'], ([v], ctx) => {
    ctx.print(displayValue(v, ctx.formatCustom));
    return undefined;
  });
  def('print', [], (_a, ctx) => {
    ctx.print('');
    return undefined;
  });
  def('debug', ['?'], ([v], ctx) => {
    ctx.debug(debugValue(v, ctx.formatCustom), ctx.callPos);
    return undefined;
  });
  def('to_string', ['?'], ([v], ctx) => displayValue(v, ctx.formatCustom));
  def('to_debug', ['?'], ([v], ctx) => debugValue(v, ctx.formatCustom));
  def('Fn', ['string'], ([name]) => {
    const n = str(name);
    if (!IDENT.test(n)) throw new RhaiError('ErrorFunctionNotFound', `Function not found: ${n}`);
    return new FnPtr(n);
  });
  // As upstream, a function pointer is made from a name only; anything else is a type error.
  def('Fn', ['?'], ([v]) => {
    throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(v)} (expecting string)`);
  });
  def('call', -1, (args, ctx) => {
    const [fp, ...rest] = args;
    return ctx.callFnPtr(fnptr(fp), rest, ctx.callPos);
  });
  def('curry', -1, (args) => {
    const [fp, ...rest] = args;
    const p = fnptr(fp);
    return new FnPtr(p.name, p.curry.concat(rest), p.closure);
  });
  def('exit', [], () => {
    throw new RhaiError('Exit', 'Script exited', undefined, undefined);
  });
  def('exit', ['?'], ([v]) => {
    throw new RhaiError('Exit', 'Script exited', undefined, v);
  });
  def('get$name', ['Fn'], ([fp]) => fnptr(fp).name);
  def('name', ['Fn'], ([fp]) => fnptr(fp).name);
  def('is_anonymous', ['Fn'], ([fp]) => fnptr(fp).closure !== undefined);
  def('get$is_anonymous', ['Fn'], ([fp]) => fnptr(fp).closure !== undefined);
  def('is_shared', ['?'], () => false);
  const getTag = ([v]: Value[]): Value => tagOf(v);
  const setTag = (args: Value[]): Value => {
    const tag = checkedTag(int(args[1]));
    const tagged = withTag(args[0], tag);
    if (tagged === undefined) {
      throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(args[0])} cannot carry a tag`);
    }
    args[0] = tagged;
    return undefined;
  };
  def('tag', ['?'], getTag);
  def('get$tag', ['?'], getTag);
  // A tag changes no size: nothing to report.
  def('set_tag', ['?', 'i64'], setTag, REPORTS_SIZES);
  def('set$tag', ['?', 'i64'], setTag, REPORTS_SIZES);
}

// Core functions: type inspection, printing, function pointers and termination.

import { NO_POS, ParseError, RhaiError } from '../types/errors.ts';
import { isKeywordOrReserved, isValidFunctionName } from '../syntax/token.ts';
import { scriptDebug, scriptDisplay } from '../types/format.ts';
import { FnPtr, tagOf, typeOf, withTag, type Value } from '../types/values.ts';
import { fnptr, int, str } from '../func/arg.ts';
import { REPORTS_SIZES, type Define } from './define.ts';
import { checkedTag } from '../eval/variable-tags.ts';

/** A pointer to the function `name` names, refused as upstream's `FnPtr::try_from` refuses it. */
export function namedFunction(name: string): FnPtr {
  if (isValidFunctionName(name)) return new FnPtr(name);
  if (isKeywordOrReserved(name)) {
    const reserved = new ParseError('Reserved', `'${name}' is a reserved keyword`, NO_POS);
    throw new RhaiError('ErrorParsing', reserved.message, NO_POS, undefined, undefined, reserved);
  }
  throw new RhaiError('ErrorFunctionNotFound', `Function not found: ${name}`);
}

export function registerCore(def: Define): void {
  def('type_of', ['?'], ([v]) => typeOf(v));
  def('print', ['?'], ([v], ctx) => {
    ctx.print(scriptDisplay(v, ctx.formatCustom));
    return undefined;
  });
  def('print', [], (_a, ctx) => {
    ctx.print('');
    return undefined;
  });
  def('debug', ['?'], ([v], ctx) => {
    ctx.debug(scriptDebug(v, ctx.formatCustom), ctx.callPos);
    return undefined;
  });
  def('to_string', ['?'], ([v], ctx) => scriptDisplay(v, ctx.formatCustom));
  def('to_debug', ['?'], ([v], ctx) => scriptDebug(v, ctx.formatCustom));
  def('Fn', ['string'], ([name]) => namedFunction(str(name)));
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

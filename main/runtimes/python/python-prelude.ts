// The Python half of the binding (omw-compat 11b), run once in each interpreter before its memory
// snapshot is taken, so that an engine starting from the snapshot has it compiled and imported
// already. It holds no JavaScript values: `install` receives the host-call functions after the
// snapshot is loaded (a snapshot cannot hold them).
//
// Values cross in both directions as JSON text, except a call whose arguments are all str, int or
// None (most calls), which passes them as they are. From the brain: floats, bytes and values with
// no JSON form travel as tagged objects (`{"\0f": "1.0"}`), so the host sees Python's own float
// text and type names; dicts and attribute objects both become records. To the brain: every
// object becomes an attribute object, opaque JSON text (`{"\0j": text}`) is parsed where it lands
// and bytes (`{"\0b": base64}`) become `bytes`.

import { cycleMessage, MAX_VALUE_DEPTH, noJsonFormMessage, tooDeepMessage } from '../binding/value-limits.ts';
import { PYTHON_DEBUG_PRELUDE } from './python-debug-prelude.ts';

const BINDING_PRELUDE = String.raw`
import base64, builtins, io, json, sys, types
from pyodide.ffi import JsException

_NS = types.SimpleNamespace
_COMPACT = (',', ':')
# What a value handed to the host may be (binding/value-limits.ts): checked as it is converted.
_MAX_DEPTH = ${MAX_VALUE_DEPTH}
_TOO_DEEP = ${JSON.stringify(tooDeepMessage('value'))}
_CYCLE = ${JSON.stringify(cycleMessage('value'))}
_FUNCTION = ${JSON.stringify(noJsonFormMessage('value', 'a function'))}


def _attributes(fields):
    return _NS(**fields)


def _parse_opaque(text):
    try:
        return json.loads(text, object_hook=_attributes)
    except (ValueError, RecursionError):
        return text


def _from_host(fields):
    if len(fields) == 1:
        if '\0j' in fields:
            return _parse_opaque(fields['\0j'])
        if '\0b' in fields:
            return base64.b64decode(fields['\0b'])
    return _NS(**fields)


def _answer(text):
    return None if text is None else json.loads(text, object_hook=_from_host)



def _container(value, depth, active):
    """Enters a list, dict or object: refused past the depth limit or when it contains itself."""
    if callable(value):
        raise TypeError(_FUNCTION)
    if depth >= _MAX_DEPTH:
        raise ValueError(_TOO_DEEP)
    key = id(value)
    if key in active:
        raise ValueError(_CYCLE)
    active.add(key)
    return key


def _tree(value, depth=0, active=None):
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool:
        return value
    if kind is float:
        return {'\0f': repr(value)}
    if isinstance(value, (bytes, bytearray, memoryview)):
        return {'\0b': base64.b64encode(value).decode('ascii')}
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, float):
        return {'\0f': repr(float(value))}
    if active is None:
        active = set()
    key = _container(value, depth, active)
    try:
        depth += 1
        if isinstance(value, (list, tuple)):
            return [_tree(item, depth, active) for item in value]
        if isinstance(value, dict):
            return {str(name): _tree(item, depth, active) for name, item in value.items()}
        fields = getattr(value, '__dict__', None)
        if isinstance(fields, dict):
            return {name: _tree(item, depth, active) for name, item in fields.items() if not name.startswith('_')}
        return {'\0o': kind.__name__}
    finally:
        active.discard(key)


def _plain(value, depth=0, active=None):
    """value as data json.dumps writes as JSON can: bytes as lists of ints, objects as dicts."""
    if value is None or isinstance(value, (str, int, float)):
        return value
    if isinstance(value, (bytes, bytearray, memoryview)):
        return list(bytes(value))
    if active is None:
        active = set()
    key = _container(value, depth, active)
    try:
        depth += 1
        if isinstance(value, (list, tuple)):
            return [_plain(item, depth, active) for item in value]
        if isinstance(value, dict):
            return {name: _plain(item, depth, active) for name, item in value.items()}
        fields = getattr(value, '__dict__', None)
        if isinstance(fields, dict):
            return {name: _plain(item, depth, active) for name, item in fields.items() if not name.startswith('_')}
        raise TypeError(f'value must be JSON-serializable: Object of type {type(value).__name__} is not JSON serializable')
    finally:
        active.discard(key)


class _Host:
    """The host-call functions and the failure token, set by install."""

    call = None
    call_tree = None
    failed = None
    failure = None


def _failed():
    failure = _Host.failure()
    return (TypeError if failure[0] == 'T' else RuntimeError)(failure[1:])


def _invoke(index, args, encoded):
    try:
        for arg in args:
            kind = type(arg)
            if arg is not None and kind is not str and kind is not int:
                answer = _Host.call_tree(index, json.dumps([_tree(a) for a in args], separators=_COMPACT))
                break
        else:
            answer = _Host.call(index, *args)
    except JsException as exception:
        # Brainbench failed, not the brain: the guard fails the iteration whatever the brain does.
        raise RuntimeError(str(exception.message)) from None
    if answer == _Host.failed:
        raise _failed()
    return _answer(answer) if encoded else answer


def _arity_error(name, low, high, given):
    if low == high:
        wanted = f'{low} argument' + ('' if low == 1 else 's')
    else:
        wanted = f'from {low} to {high} arguments'
    return TypeError(f'{name}() takes {wanted} ({given} given)')


def _function(index, name, low, high, encoded):
    def function(*args):
        if not low <= len(args) <= high:
            raise _arity_error(name, low, high, len(args))
        return _invoke(index, args, encoded)

    function.__name__ = function.__qualname__ = name
    return function


def _method(index, name, low, high, encoded):
    def method(self, *args):
        if not low <= len(args) <= high:
            raise _arity_error(name, low, high, len(args))
        return _invoke(index, (self.name, *args), encoded)

    method.__name__ = method.__qualname__ = name
    return method


def _handle_class(kind, methods):
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f'<omw {kind} {self.name!r}>'

    members = {'__slots__': ('name',), '__init__': __init__, '__repr__': __repr__}
    for index, name, low, high, encoded in methods:
        members[name] = _method(index, name, low, high, encoded)
    return type(kind.capitalize(), (), members)


def _lookup(index, handle_class):
    def get(name):
        _invoke(index, (name,), False)
        return handle_class(name)

    return get


class _Output(io.TextIOBase):
    """sys.stdout and sys.stderr: each line is one print of the brain's."""

    def __init__(self, emit):
        self._emit = emit
        self._pending = ''

    def writable(self):
        return True

    def write(self, text):
        lines = (self._pending + text).split('\n')
        self._pending = lines.pop()
        for line in lines:
            self._emit(line)
        return len(text)

    def flush(self):
        if self._pending:
            line, self._pending = self._pending, ''
            self._emit(line)


class _Binding:
    host = {}
    provider_get = None
    tooling_get = None


def _memory_get_as(key):
    text = _Binding.host['memory_get'](key)
    return None if text is None else _parse_opaque(text)


def _memory_set_as(key, value):
    plain = _plain(value)
    try:
        text = json.dumps(plain, separators=_COMPACT)
    except (TypeError, ValueError) as error:
        raise TypeError(f'value must be JSON-serializable: {error}') from None
    _Binding.host['memory_set'](key, text)


def install(call, call_tree, failed, failure, print_line, ops_json, recursion_limit):
    """Binds the host: ops_json lists [index, name, min, max, encoded] per function and method."""
    _Host.call = call
    _Host.call_tree = call_tree
    _Host.failed = failed
    _Host.failure = failure
    ops = json.loads(ops_json)
    _Binding.host = {op[1]: _function(*op) for op in ops['host']}
    _Binding.host['memory_get_as'] = _memory_get_as
    _Binding.host['memory_set_as'] = _memory_set_as
    provider = _handle_class('provider', ops['provider'])
    tooling = _handle_class('tooling', ops['tooling'])
    _Binding.provider_get = _lookup(ops['get']['provider'], provider)
    _Binding.tooling_get = _lookup(ops['get']['tooling'], tooling)
    sys.stdout = sys.stderr = _Output(print_line)
    sys.setrecursionlimit(recursion_limit)


def _new_globals():
    omw = _NS(
        provider=_NS(get=_Binding.provider_get),
        tooling=_NS(get=_Binding.tooling_get),
        host=_NS(**_Binding.host),
    )
    return {'__name__': '__main__', '__builtins__': builtins, 'omw': omw}


class _Iteration:
    prepared = None


def prepare():
    """The next iteration's globals, built while the engine is idle."""
    if _Iteration.prepared is None:
        _Iteration.prepared = _new_globals()


_CODE_CAPACITY = 4
_codes = {}


def _compiled(script, filename):
    """omw's terminal message rule: a single expression is evaluated, anything else executed."""
    key = (script, filename)
    found = _codes.pop(key, None)
    if found is None:
        try:
            found = (compile(script, filename, 'eval'), True)
        except SyntaxError:
            found = (compile(script, filename, 'exec'), False)
        if len(_codes) >= _CODE_CAPACITY:
            _codes.pop(next(iter(_codes)))
    _codes[key] = found
    return found


def _syntax_failure(error):
    report = {'ok': False, 'error': f'{type(error).__name__}: {error.msg}'}
    if error.lineno:
        report['line'] = error.lineno
        if error.offset:
            report['column'] = error.offset
    return json.dumps(report)


def _column(code, last_instruction):
    for index, position in enumerate(code.co_positions()):
        if index == last_instruction // 2:
            return None if position[2] is None else position[2] + 1
    return None


def _failure(error, filename):
    text = str(error)
    report = {'ok': False, 'error': f'{type(error).__name__}: {text}' if text else type(error).__name__}
    frame = None
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == filename:
            frame = trace
        trace = trace.tb_next
    if frame is not None:
        report['line'] = frame.tb_lineno
        column = _column(frame.tb_frame.f_code, frame.tb_lasti)
        if column is not None:
            report['column'] = column
    return json.dumps(report)


def check(script, filename):
    try:
        _compiled(script, filename)
    except SyntaxError as error:
        return _syntax_failure(error)
    except (ValueError, MemoryError, RecursionError) as error:
        return _failure(error, filename)
    return '{"ok":true}'


def run(script, filename, lines_json=None, statement=None, exception=None, wanted=None):
    """With lines_json, watched by the debugger (python-debug-prelude.ts): its hooks get the brain's lines."""
    scope = _Iteration.prepared or _new_globals()
    _Iteration.prepared = None
    scope['__file__'] = filename
    try:
        try:
            code, expression = _compiled(script, filename)
        except SyntaxError as error:
            return _syntax_failure(error)
        work = (lambda: eval(code, scope)) if expression else (lambda: exec(code, scope))
        if lines_json is None:
            value = work()
        else:
            value = _monitored(work, code, script, filename, lines_json, statement, exception, wanted)
        if not expression:
            return '{"ok":true}'
        return '{"ok":true}' if value is None else json.dumps({'ok': True, 'exited': str(value)})
    except BaseException as error:
        return _failure(error, filename)
    finally:
        sys.stdout.flush()
`;

/** The binding, then the debugger's half, which uses the binding's imports. */
export const PYTHON_PRELUDE = BINDING_PRELUDE + PYTHON_DEBUG_PRELUDE;

// The Python half of source-level debugging, installed with the binding's prelude (so it is in the
// memory snapshot) and used by every iteration of an engine that has a debugger. It watches the
// brain through `sys.monitoring` (PEP 669), not `sys.settrace`: with no breakpoint and no step
// nothing is switched on and the brain runs at full speed; LINE events are switched on only in the
// brain's code objects whose lines hold a breakpoint (and there, a line without one disables its
// own event), or in all of them while a step, a pause, time travel or coverage wants every
// statement. A change of what the debugger wants reaches the running brain through a signal the
// host raises from Pyodide's interrupt poll (SIGUSR1), whose handler switches events on or off;
// after a stop, through the answer of the statement hook. While the brain stands still the
// `debug_*` functions answer the DebugTarget's requests, as JSON text, from the frames on the
// interpreter's stack, which hold every frame's locals however late the debugger attached.
//
// Whether an exception is caught is decided from the brain's syntax tree: it is when a `try`
// around the line, in one of the brain's frames on the stack, has a handler whose type matches
// (a handler whose type cannot be evaluated counts as matching).

export const PYTHON_DEBUG_PRELUDE = String.raw`
import ast, reprlib, signal

_SHOWN = reprlib.Repr(
    maxlevel=3, maxtuple=20, maxlist=20, maxarray=20, maxdict=20, maxset=20,
    maxfrozenset=20, maxdeque=20, maxstring=200, maxlong=100, maxother=200,
)
_NOT_RECORDS = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)
_NOT_REPORTED = (KeyboardInterrupt, GeneratorExit)


class _Debug:
    filename = None
    trys = {}
    last_error = None
    references = {}


def _is_brain(frame):
    return frame.f_code.co_filename == _Debug.filename


def _depth(frame):
    depth = 0
    while frame is not None:
        if _is_brain(frame):
            depth += 1
        frame = frame.f_back
    return depth


def _scope_key(code):
    return 0 if code.co_name == '<module>' else code.co_firstlineno


def _try_table(script):
    """The try statements with handlers of each code object, keyed as _scope_key keys frames."""
    table = {}

    def visit(node, key):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, child.decorator_list[0].lineno if child.decorator_list else child.lineno)
                continue
            if isinstance(child, (ast.Try, ast.TryStar)) and child.handlers:
                types_ = [
                    None if h.type is None else compile(ast.Expression(h.type), '<handler>', 'eval')
                    for h in child.handlers
                ]
                table.setdefault(key, []).append((child.body[0].lineno, child.body[-1].end_lineno, types_))
            visit(child, key)

    visit(ast.parse(script), 0)
    return table


def _handles(types_, error, frame):
    for kind in types_:
        if kind is None:
            return True
        try:
            if isinstance(error, eval(kind, frame.f_globals, frame.f_locals)):
                return True
        except Exception:
            return True
    return False


def _caught(error, frame):
    while frame is not None:
        if _is_brain(frame):
            line = frame.f_lineno
            for first, last, types_ in _Debug.trys.get(_scope_key(frame.f_code), ()):
                if first <= line <= last and _handles(types_, error, frame):
                    return True
        frame = frame.f_back
    return False


def _error_text(error):
    text = str(error)
    return f'{type(error).__name__}: {text}' if text else type(error).__name__


_MONITOR = sys.monitoring
_EVENTS = _MONITOR.events
_TOOL = _MONITOR.DEBUGGER_ID
# PY_START and PY_RESUME begin a frame's own record of the line it entered.
_FRAME_EVENTS = _EVENTS.LINE | _EVENTS.PY_START | _EVENTS.PY_RESUME
_WANT_SIGNAL = signal.SIGUSR1


class _Watch:
    lines = frozenset()
    codes = ()
    code_set = frozenset()
    own_lines = {}
    stepping = False
    breakpoints = frozenset()
    # id(frame) -> (line, instruction) where the frame last entered a statement line.
    entered = {}
    statement = None
    exception = None
    wanted = None
    cached = {}


def _brain_codes(code):
    """The brain's code objects (module, functions, lambdas, comprehensions, classes) with their own lines."""
    codes = [code]
    for inner in codes:
        codes.extend(const for const in inner.co_consts if isinstance(const, types.CodeType))
    return tuple((c, frozenset(line for _, _, line in c.co_lines() if line is not None)) for c in codes)


def _apply(want_json):
    """Switches events on where the debugger now wants statements, and off elsewhere."""
    want = json.loads(want_json)
    on = want['on']
    _Watch.stepping = on and want['step']
    _Watch.breakpoints = frozenset(want['lines'])
    _MONITOR.set_events(_TOOL, _EVENTS.RAISE if on else 0)
    for code in _Watch.codes:
        hooked = _Watch.stepping or (on and not _Watch.own_lines[code].isdisjoint(_Watch.breakpoints))
        _MONITOR.set_local_events(_TOOL, code, _FRAME_EVENTS if hooked else 0)
    _Watch.entered.clear()
    # Lines disabled while they held no breakpoint report again if they now do.
    _MONITOR.restart_events()


def _on_start(code, offset):
    _Watch.entered.pop(id(sys._getframe(1)), None)


def _on_line(code, line):
    if line not in _Watch.lines or not (_Watch.stepping or line in _Watch.breakpoints):
        return _MONITOR.DISABLE
    frame = sys._getframe(1)
    # A line is reported as it is entered, and again only when the frame jumps back to where it
    # entered it (a loop's next round), not at each round of a loop within the line.
    key = id(frame)
    seen = _Watch.entered.get(key)
    instruction = frame.f_lasti
    if seen is not None and seen[0] == line and instruction > seen[1]:
        return None
    _Watch.entered[key] = (line, instruction)
    change = _Watch.statement(line, _depth(frame))
    if change:
        _apply(change)
    return None


def _on_raise(code, offset, error):
    if code not in _Watch.code_set or error is _Debug.last_error or isinstance(error, _NOT_REPORTED):
        return
    frame = sys._getframe(1)
    _Debug.last_error = error
    change = _Watch.exception(_error_text(error), _caught(error, frame), frame.f_lineno, _depth(frame))
    if change:
        _apply(change)


def _on_want_signal(signum, frame):
    change = _Watch.wanted()
    if change:
        _apply(change)


def _monitored(work, code, script, filename, lines_json, statement, exception, wanted):
    _Debug.filename = filename
    cached = _Watch.cached.get(script)
    if cached is None or cached[0] is not code:
        cached = (code, _try_table(script), _brain_codes(code), frozenset(json.loads(lines_json)))
        _Watch.cached = {script: cached}
    _, _Debug.trys, codes, _Watch.lines = cached
    _Watch.codes = tuple(c for c, _ in codes)
    _Watch.code_set = frozenset(_Watch.codes)
    _Watch.own_lines = dict(codes)
    _Watch.statement, _Watch.exception, _Watch.wanted = statement, exception, wanted
    if _MONITOR.get_tool(_TOOL) is None:
        _MONITOR.use_tool_id(_TOOL, 'brainbench')
    _MONITOR.register_callback(_TOOL, _EVENTS.LINE, _on_line)
    _MONITOR.register_callback(_TOOL, _EVENTS.PY_START, _on_start)
    _MONITOR.register_callback(_TOOL, _EVENTS.PY_RESUME, _on_start)
    _MONITOR.register_callback(_TOOL, _EVENTS.RAISE, _on_raise)
    previous = signal.signal(_WANT_SIGNAL, _on_want_signal)
    try:
        _apply(wanted())
        return work()
    finally:
        signal.signal(_WANT_SIGNAL, previous)
        _MONITOR.set_events(_TOOL, 0)
        for c in _Watch.codes:
            _MONITOR.set_local_events(_TOOL, c, 0)
        _Watch.entered.clear()
        _Watch.statement = _Watch.exception = _Watch.wanted = None
        _Debug.last_error = None
        _Debug.references = {}


def _brain_frames():
    frames = []
    frame = sys._getframe()
    while frame is not None:
        if _is_brain(frame):
            frames.append(frame)
        frame = frame.f_back
    return frames


def _frame(frame_id):
    frames = _brain_frames()
    if not 1 <= frame_id <= len(frames):
        raise LookupError(f'no frame {frame_id}')
    return frames[frame_id - 1]


def _refer(reference):
    number = len(_Debug.references) + 1
    _Debug.references[number] = reference
    return number


def _has_fields(value):
    return not isinstance(value, _NOT_RECORDS) and isinstance(getattr(value, '__dict__', None), dict)


def _shown(value):
    try:
        return _SHOWN.repr(value)
    except Exception as error:
        return f'<repr failed: {_error_text(error)}>'


def _describe(name, value, frame_id):
    info = {'name': name, 'value': _shown(value), 'type': type(value).__name__, 'variablesReference': 0}
    if isinstance(value, (list, tuple, set, frozenset)):
        if value:
            info['variablesReference'] = _refer(('value', frame_id, value))
            info['indexedVariables'] = len(value)
    elif isinstance(value, dict) or _has_fields(value):
        count = len(_named(value))
        if count:
            info['variablesReference'] = _refer(('value', frame_id, value))
            info['namedVariables'] = count
    return info


def _named(value):
    if isinstance(value, dict):
        return {repr(key): item for key, item in value.items()}
    return {key: item for key, item in vars(value).items() if not key.startswith('__')}


def _visible_globals(scope):
    return {name: value for name, value in scope.items() if not name.startswith('__') and name != 'omw'}


def _bindings(reference, start, count):
    kind, frame_id, value = reference
    if kind == 'value':
        if isinstance(value, (list, tuple, set, frozenset)):
            items = list(value) if isinstance(value, (set, frozenset)) else value
            first = start or 0
            last = len(items) if count is None else min(len(items), first + count)
            return {str(index): items[index] for index in range(first, last)}
        return _named(value)
    frame = _frame(frame_id)
    if kind == 'Globals' or frame.f_code.co_name == '<module>':
        return _visible_globals(frame.f_globals)
    return dict(frame.f_locals)


def _reference(number):
    reference = _Debug.references.get(number)
    if reference is None:
        raise LookupError(f'no variables reference {number} (the brain has gone on since)')
    return reference


def _evaluate(frame_id, expression):
    frame = _frame(frame_id)
    return eval(expression, frame.f_globals, frame.f_locals)


def _debug_answer(work):
    try:
        return json.dumps({'ok': True, 'body': work()})
    except KeyboardInterrupt:
        return json.dumps({'ok': False, 'error': 'the evaluation was stopped: it ran too long, or the agent stopped'})
    except BaseException as error:
        return json.dumps({'ok': False, 'error': _error_text(error)})


def debug_stack():
    def stack():
        return [
            {
                'id': index + 1,
                'name': '<brain>' if frame.f_code.co_name == '<module>' else frame.f_code.co_name,
                'source': _Debug.filename,
                'line': frame.f_lineno,
                'column': 1,
            }
            for index, frame in enumerate(_brain_frames())
        ]

    return _debug_answer(stack)


def debug_scopes(frame_id):
    def scopes():
        frame = _frame(frame_id)
        names = ['Locals'] if frame.f_code.co_name == '<module>' else ['Locals', 'Globals']
        return [
            {'name': name, 'variablesReference': _refer((name, frame_id, None)), 'expensive': False}
            for name in names
        ]

    return _debug_answer(scopes)


def debug_variables(number, start, count):
    def variables():
        reference = _reference(number)
        return [_describe(name, value, reference[1]) for name, value in _bindings(reference, start, count).items()]

    return _debug_answer(variables)


def _assign(reference, name, value):
    kind, frame_id, container = reference
    if kind == 'value':
        if isinstance(container, list):
            container[int(name)] = value
        elif isinstance(container, dict):
            keys = [key for key in container if repr(key) == name]
            if not keys:
                raise LookupError(f'no key {name}')
            container[keys[0]] = value
        elif _has_fields(container):
            setattr(container, name, value)
        else:
            raise TypeError(f'a {type(container).__name__} cannot be changed')
        return
    frame = _frame(frame_id)
    scope = frame.f_globals if kind == 'Globals' or frame.f_code.co_name == '<module>' else frame.f_locals
    if name not in scope:
        raise LookupError(f'no variable {name} in this scope')
    scope[name] = value


def debug_set_variable(number, name, text):
    def set_variable():
        reference = _reference(number)
        value = _evaluate(reference[1], text)
        _assign(reference, name, value)
        return _describe(name, value, reference[1])

    return _debug_answer(set_variable)


def debug_evaluate(frame_id, expression):
    def evaluate():
        info = _describe('', _evaluate(frame_id, expression), frame_id)
        return {'result': info['value'], 'type': info['type'], 'variablesReference': info['variablesReference']}

    return _debug_answer(evaluate)


def debug_holds(expression):
    return _debug_answer(lambda: bool(_evaluate(1, expression)))


def debug_release():
    _Debug.references = {}
`;

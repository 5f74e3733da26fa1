"""Fuzzer features: the program's Python state the step reads and writes: counters,
globals, closures, containers, identity (features.py lists them all)."""

from parts import Parts


def attr_counter(r, u):
    return Parts(("attr_write", "int_counter", "float_accumulate"),
                 state={f"count_{u}": "0", f"total_{u}": r.choice(["0", "0.0"])},
                 post=f"{{st}}count_{u} += 1\n{{st}}total_{u} += float(loss)\n")


def global_counter(r, u):
    inc = r.choice(["1", "2", "0.5", "True"])
    return Parts(("global_write", "int_float_mix", "mutate_global", "bigint"),
                 setup=f"G_{u} = 0\n",
                 post=f"G_{u} = G_{u} + {inc}\n",
                 globals_written=(f"G_{u}",),
                 mutations=(r.choice([f"G_{u} = float(G_{u})", f"G_{u} = 2**62",
                                      f"G_{u} = 2**63 - 1", f"G_{u} = -0.0"]),))


def closure_nonlocal(r, u):
    f = r.choice(["1.0", "0.5", "2"])
    return Parts(("closure", "nonlocal"),
                 setup=f"def make_bump_{u}():\n    calls = 0\n\n    def bump(v):\n"
                       f"        nonlocal calls\n        calls += 1\n        return v * {f}\n\n"
                       f"    return bump\n\n\nBUMP_{u} = make_bump_{u}()\n",
                 tape=f"loss = BUMP_{u}(loss)\n")


def list_append(r, u):
    return Parts(("list_write", "list_read", "mutate_container"),
                 state={f"hist_{u}": "[]"},
                 tape=f"loss = loss * (1.0 + 0.001 * len({{st}}hist_{u}))\n",
                 post=f"{{st}}hist_{u}.append(float(loss))\n",
                 mutations=(r.choice([f"{{ST}}hist_{u}.clear()", f"{{ST}}hist_{u}.append(1)",
                                      f"{{ST}}hist_{u} = {{ST}}hist_{u}[:2]"]),))


def dict_rw(r, u):
    return Parts(("dict_write", "dict_read", "mutate_container"),
                 setup=f"D_{u} = {{'scale': 1.0, 'n': 0}}\n",
                 tape=f"loss = loss * D_{u}['scale']\n",
                 post=f"D_{u}['n'] = D_{u}.get('n', 0) + 1\nD_{u}['last'] = float(loss)\n",
                 mutations=(r.choice([f"D_{u}['scale'] = 0.5", f"D_{u}['scale'] = 1",
                                      f"D_{u}['scale'] = True", f"del D_{u}['n']"]),))


def deque_rw(r, u):
    m = r.choice([2, 3, 5])
    return Parts(("deque", "mutate_container"),
                 setup=f"Q_{u} = collections.deque(maxlen={m})\n",
                 tape=f"loss = loss * (1.0 + 0.01 * len(Q_{u}))\n",
                 post=f"Q_{u}.append(round(float(loss), 3))\n",
                 mutations=(f"Q_{u}.clear()",))


def defaultdict_rw(r, u):
    return Parts(("defaultdict", "mutate_container"),
                 setup=f"DD_{u} = collections.defaultdict(int)\n",
                 tape=f"loss = loss + 0.001 * DD_{u}['calls']\n",
                 post=f"DD_{u}['calls'] += 1\n",
                 mutations=(f"DD_{u}['calls'] = 100",))


def counter_contains(r, u):
    return Parts(("counter", "contains", "mutate_container"),
                 setup=f"C_{u} = collections.Counter(a=1)\n",
                 tape=f"if 'b' in C_{u}:\n    loss = loss * 1.5\n",
                 mutations=(f"C_{u}['b'] += 1",))


def aliasing(r, u):
    return Parts(("aliasing", "list_write"),
                 setup=f"AL_{u} = []\nALIAS_{u} = AL_{u}\n",
                 post=f"ALIAS_{u}.append(len(AL_{u}))\n",
                 mutations=(f"AL_{u} = list(AL_{u})",))


def object_created(r, u):
    return Parts(("object_in_step", "list_write"),
                 setup=f"class Rec{u}:\n    def __init__(self, v):\n        self.v = v\n",
                 state={f"recs_{u}": "[]"},
                 post=f"rec_{u} = Rec{u}(float(loss))\n{{st}}recs_{u}.append(rec_{u})\n")


def tuple_const(r, u):
    return Parts(("tuple_const", "mutate_global"),
                 setup=f"PAIR_{u} = (-1, 1)\n",
                 tape=f"loss = loss + 0.001 * tf.reduce_sum(tf.constant(PAIR_{u}, tf.float64))\n",
                 post=f"{{st}}pair_{u} = PAIR_{u}\n",
                 state={f"pair_{u}": "None"},
                 mutations=(f"PAIR_{u} = (-1.0, 1.0)",))


def tensor_identity(r, u):
    # The step keeps the caller's batch and asks whether it is the same object again.
    return Parts(("tensor_identity", "attr_write"),
                 state={f"prev_x_{u}": "None", f"same_{u}": "0"},
                 tape=f"if {{st}}prev_x_{u} is not None and {{st}}prev_x_{u} is x:\n"
                      f"    loss = loss * 1.5\n",
                 post=f"{{st}}same_{u} += int({{st}}prev_x_{u} is x)\n{{st}}prev_x_{u} = x\n"
                      f"{{st}}last_{u} = loss\n",
                 ret=f"if {{st}}last_{u} is not loss:\n    {{st}}same_{u} = -1\n")


def item_write_finalizer(r, u):
    # A container write drops the last reference to a token whose finalizer changes
    # state: eager runs it at the write, before the rest of the call.
    slots, key = r.choice([("[None]", "0"), ("{}", "'on'")])
    write = f"SLOTS_{u}[{key}] = POOL_{u}[{r.choice([0, 1])}]"
    return Parts(("finalizer", "list_write", "mutate_container"),
                 setup=f"class Tok{u}:\n    def __init__(self, n):\n        self.n = n\n\n\n"
                       f"RELEASED_{u} = [0]\n\n\ndef tok_{u}(n):\n    made = Tok{u}(n)\n"
                       f"    weakref.finalize(made, RELEASED_{u}.__setitem__, 0, n)\n"
                       f"    return made\n\n\nPOOL_{u} = [tok_{u}(0), tok_{u}(1)]\n"
                       f"SLOTS_{u} = {slots}\n",
                 state={f"k_{u}": "0"},
                 post=f"{write}\n{{st}}k_{u} += 1\nprint('released{u}', RELEASED_{u}[0])\n",
                 mutations=(f"POOL_{u}[0] = tok_{u}(100 + step)",
                            f"POOL_{u}[1] = tok_{u}(200 + step)"))


def closure_made_in_step(r, u):
    # A loss helper the step defines, closing over the step's variables, with a
    # nonlocal count; its factor comes from a global the loop changes.
    f = r.choice(["1.0", "0.5", "2.0"])
    return Parts(("closure_made", "nonlocal"),
                 setup=f"SC_{u} = {{'k': {f}}}\n",
                 tape=(f"k_{u} = SC_{u}['k']\ncount_{u} = 0\n\n\n"
                       f"def scaled_{u}(v):\n    nonlocal count_{u}\n    count_{u} += 1\n"
                       f"    return v * k_{u}\n\n\n"
                       f"loss = scaled_{u}(loss) + 0.0 * count_{u}\n"),
                 mutations=(f"SC_{u}['k'] = 0.25",))


def set_in_step(r, u):
    # A set the step makes from a global list the loop changes, stored in step state
    # (its order and room are eager's), and membership in the program's own set.
    add = r.choice(["'b'", "'z'", "'a'"])
    return Parts(("set_made", "program_set", "mutate_container"),
                 setup=f"NAMES_{u} = ['a', 'b', 'a', 'c']\nSKIP_{u} = {{'c'}}\n",
                 state={f"seen_{u}": "None"},
                 post=(f"seen_{u} = set()\nfor n_{u} in NAMES_{u}:\n"
                       f"    if n_{u} not in SKIP_{u}:\n        seen_{u}.add(n_{u})\n"
                       f"seen_{u}.discard('a')\n{{st}}seen_{u} = seen_{u}\n"
                       f"print('set{u}', sorted(seen_{u}), len(seen_{u}))\n"),
                 mutations=(f"NAMES_{u}.append({add})",
                            r.choice([f"SKIP_{u}.add('b')", f"SKIP_{u}.discard('c')"])))


def getattr_default(r, u):
    # getattr() with a default and hasattr() of an attribute the loop sets and deletes.
    return Parts(("getattr_default", "mutate_object"),
                 setup=f"class Opt{u}:\n    pass\n\n\nOPTS_{u} = Opt{u}()\n",
                 tape=(f"loss = loss * getattr(OPTS_{u}, 'scale', 1.0)\n"
                       f"if hasattr(OPTS_{u}, 'shift'):\n    loss = loss + OPTS_{u}.shift\n"),
                 mutations=(r.choice([f"OPTS_{u}.scale = 0.5", f"Opt{u}.scale = 2.0"]),
                            f"OPTS_{u}.shift = 0.25"))


def nested_contents(r, u):
    # A global list of lists walked with nested loops; the loop changes an inner list.
    change = r.choice([f"GROUPS_{u}[0].append(3)", f"GROUPS_{u}[1][0] = 5",
                       f"GROUPS_{u}[1].clear()"])
    return Parts(("nested_container", "mutate_container"),
                 setup=f"GROUPS_{u} = [[1, 2], [2]]\n",
                 tape=(f"total_{u} = 0\nfor g_{u} in GROUPS_{u}:\n    for v_{u} in g_{u}:\n"
                       f"        total_{u} += v_{u}\nloss = loss * (1.0 + 0.01 * total_{u})\n"),
                 mutations=(change,))


def equal_identity(r, u):
    # `is` between strs (or floats) the guards hold by value (state/identity_reads.py):
    # the step compares its mode with a module constant; the loop rebinds one of them
    # to an equal object that is not the same one, and the step stores the mode.
    text = r.choice(['"warm"', '"main"'])
    return Parts(("identity_of_equals", "attr_write", "mutate_global"),
                 setup=f"MODE_{u} = {text}\n",
                 state={f"mode_{u}": f"MODE_{u}", f"same_{u}": "0", f"kept_{u}": "None"},
                 post=f"if {{st}}mode_{u} is MODE_{u}:\n    {{st}}same_{u} += 1\n"
                      f"{{st}}kept_{u} = MODE_{u}\n",
                 mutations=(f"MODE_{u} = ''.join(list(MODE_{u}))",
                            f"{{ST}}mode_{u} = str(MODE_{u})"),
                 globals_written=())


def list_counter(r, u):
    # Counters kept in a module list, written in place by the step (`COUNTS[0] += 1`,
    # state/reads.py written_in_place); the loop writes another slot and grows it.
    return Parts(("list_item_write", "list_write"),
                 setup=f"COUNTS_{u} = [0, {r.choice(['0', '3'])}, 0.5]\n",
                 state={f"seen_{u}": "0"},
                 post=f"COUNTS_{u}[0] += 1\nCOUNTS_{u}[-1] = COUNTS_{u}[-1] * 0.5\n"
                      f"{{st}}seen_{u} = COUNTS_{u}[1]\n",
                 mutations=(f"COUNTS_{u}[1] += 7", f"COUNTS_{u}.insert(1, 2)"))


def number_window(r, u):
    # A module list of recent losses the step appends to and trims (reads.value_at reads
    # its items at call time once they change): their sum, min and max.
    size = r.choice(["2", "3"])
    return Parts(("number_window", "list_write"),
                 setup=f"WIN_{u} = []\n",
                 state={f"avg_{u}": "0.0", f"low_{u}": "0.0"},
                 post=f"WIN_{u}.append(float(loss))\n"
                      f"if len(WIN_{u}) > {size}:\n    WIN_{u}.pop(0)\n"
                      f"{{st}}avg_{u} = sum(WIN_{u}) / len(WIN_{u})\n"
                      f"{{st}}low_{u} = min(WIN_{u})\n",
                 mutations=(f"WIN_{u}[0] = 0.25",))


def stdlib_iteration(r, u):
    # itertools objects and operator's callables made in the step over the program's
    # lists (build/stdlib_calls.py): an islice of a generator that logs its pulls, a
    # cycle, pairwise, accumulate, a sort key; the loop edits the lists mid-run.
    key = r.choice(["operator.itemgetter('lr')", "operator.itemgetter('lr', 'name')"])
    take = r.choice(["1", "2"])
    return Parts(("stdlib_iteration", "list_write"),
                 setup="import itertools\nimport operator\n"
                       f"GROUPS_{u} = [{{'name': 'a', 'lr': 0.5}}, {{'name': 'b', 'lr': 0.25}}]\n"
                       f"MULTS_{u} = [1.0, 0.5, 0.25]\nPULLS_{u} = []\n\n\n"
                       f"def mults_{u}():\n    for m in MULTS_{u}:\n"
                       f"        PULLS_{u}.append(m)\n        yield m\n",
                 state={f"mult_{u}": "0.0", f"order_{u}": "None", f"rise_{u}": "0"},
                 post=f"{{st}}mult_{u} = sum(itertools.islice(mults_{u}(), {take}))\n"
                      f"{{st}}order_{u} = [g['name'] for g in sorted(GROUPS_{u}, key={key})]\n"
                      f"{{st}}rise_{u} = sum(1 for a, b in itertools.pairwise(MULTS_{u}) "
                      f"if a < b)\n"
                      f"{{st}}mult_{u} += list(itertools.accumulate(MULTS_{u}))[-1] + "
                      f"next(itertools.cycle(MULTS_{u}))\n",
                 mutations=(f"GROUPS_{u}[0]['lr'] = 0.125", f"MULTS_{u}[1] = 2.0"))


def pairs_update(r, u):
    # The step makes a dict of hyper-parameters from a base and updates it from the
    # program's [name, value] lists and keywords (builder.given_whole: update() reads
    # inside what it is given); the loop edits a pair in place, appends one, adds or
    # removes a keyword.  Optionally the step also takes a scale off a queue dict with
    # popitem() (heap.popped_key): refilled by the loop before every call with the same
    # key and a new value, or by mutations (the step then pops only a non-empty queue).
    setup = (f"BASE_{u} = {{'scale': 1.0, 'shift': 0.0, 'extra': 0.0}}\n"
             f"PAIRS_{u} = [['scale', {r.choice(['0.5', '1.0'])}], ['shift', 0.01]]\n"
             f"KW_{u} = {{'extra': {r.choice(['0.5', '1'])}}}\n")
    tape = (f"hp_{u} = dict(BASE_{u})\nhp_{u}.update(PAIRS_{u}, **KW_{u})\n"
            f"loss = loss * hp_{u}['scale'] + hp_{u}['shift'] + 0.01 * hp_{u}['extra'] "
            f"+ 0.1 * hp_{u}.get('bias', 0.0)\n")
    pair = r.choice(["['bias', 0.05]", "['scale', 0.75]"])
    edits = [f"PAIRS_{u}[{r.choice(['0', '1'])}][1] = {r.choice(['0.25', '2.0', '1'])}",
             f"PAIRS_{u}.append({pair})",
             f"KW_{u}['{r.choice(['scale', 'bias'])}'] = 1.5",
             f"del KW_{u}['extra']"]
    mutations = r.sample(edits, r.randint(2, 3))
    tags = ["dict_update_pairs", "mutate_container"]
    state = {f"hp_{u}": "None"}
    loop = ""
    queue = r.choice(["none", "mutation", "loop"])
    if queue != "none":
        tags.append("dict_popitem")
        state[f"job_{u}"] = "None"
        if queue == "loop":
            tags.append("loop_refill")
            setup += f"QUEUE_{u} = {{}}\n"
            key = r.choice(["'job'", "'job%d' % (step % 2)"])
            loop = f"QUEUE_{u}[{key}] = 0.25 * (1 + step % 3)\n"
            tape += (f"{{st}}job_{u}, q_{u} = QUEUE_{u}.popitem()\n"
                     f"loss = loss * q_{u}\n")
            if r.random() < 0.5:
                # A second key that stays: the queue holds two before every pop.
                mutations.append(f"QUEUE_{u}['held'] = 0.5")
        else:
            setup += f"QUEUE_{u} = {{'job': {r.choice(['1.0', '0.5'])}}}\n"
            tape += (f"q_{u} = 1.0\nif QUEUE_{u}:\n"
                     f"    {{st}}job_{u}, q_{u} = QUEUE_{u}.popitem()\n"
                     f"loss = loss * q_{u}\n")
            mutations += [f"QUEUE_{u}['job'] = 0.75", f"QUEUE_{u}['job'] = 2.0"][
                :r.randint(1, 2)]
    return Parts(tuple(tags), setup=setup, state=state, tape=tape,
                 post=f"{{st}}hp_{u} = sorted(hp_{u}.items())\n",
                 mutations=tuple(mutations), loop=loop)

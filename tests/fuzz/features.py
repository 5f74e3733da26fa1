"""The fuzzer's vocabulary: features real training programs combine → code fragments.

A feature is a function `(r, u) -> Parts`: `r` draws its parameters (a random.Random
seeded per feature instance, so a plan renders the same source every time), `u` is the
suffix that keeps its names apart from other features'.  Fragments use placeholders the
generator fills in (generate.py):
  {st}  where step state lives: `self.` in a method step, `ST.` in a function step
  {M}   the model as the driver sees it; {m} as the step sees it (likewise {O}/{o})
Each feature names the tags it covers; tests/fuzz/test_fuzz.py checks every tag in TAGS
appears over a fixed seed range, so a feature cannot silently drop out.
"""

from dataclasses import dataclass, field


@dataclass
class Parts:
    tags: tuple
    setup: str = ""                 # module level, before the step
    state: dict = field(default_factory=dict)   # step state: name -> initial expression
    tape: str = ""                  # inside the tape, after `loss` exists; may rebind loss
    post: str = ""                  # after the optimizer update
    ret: str = ""                   # last lines of the step (an early return goes here)
    globals_written: tuple = ()
    mutations: tuple = ()           # driver code, each run once at a drawn step
    needs: tuple = ()               # skeleton options this feature requires


def py_if_flag(r, u):
    flag = r.choice(["True", "False"])
    return Parts(("python_if", "global_read", "mutate_global"),
                 setup=f"FLAG_{u} = {flag}\n",
                 tape=f"if FLAG_{u}:\n    loss = loss * {r.choice(['1.25', '0.5', '2'])}\n",
                 mutations=(f"FLAG_{u} = not FLAG_{u}",))


def tensor_if(r, u):
    c = r.choice(["0.0", "0.05", "-0.05"])
    return Parts(("tensor_if",),
                 tape=f"if tf.reduce_mean(x) > {c}:\n    loss = loss + 0.1 * tf.reduce_mean(pred)\n"
                      f"else:\n    loss = loss * 0.9\n")


def tensor_if_write(r, u):
    return Parts(("tensor_if", "attr_write", "float_compare", "cond_write"),
                 state={f"best_{u}": "1e9", f"improved_{u}": "0"},
                 post=f"if loss < {{st}}best_{u}:\n    {{st}}best_{u} = float(loss)\n"
                      f"    {{st}}improved_{u} += 1\n")


def tensor_while(r, u):
    lim = r.choice(["3.0", "10.0", "40.0"])
    return Parts(("tensor_while", "int_counter"),
                 state={f"iters_{u}": "0"},
                 tape=f"v_{u} = tf.reduce_mean(tf.abs(pred)) + 0.5\nn_{u} = 0\n"
                      f"while v_{u} < {lim}:\n    v_{u} = v_{u} * 1.5\n    n_{u} += 1\n"
                      f"loss = loss + 0.001 * v_{u}\n",
                 post=f"{{st}}iters_{u} = n_{u}\n")


def tensor_loop(r, u):
    # Loops on tensors (runtime/janus/build/loops.py): over tf.range or the batch itself, with
    # a break/continue/early exit the data decides.
    header = r.choice([
        f"for t_{u} in tf.range(tf.shape(x)[0]):\n    r_{u} = tf.reduce_mean(x[t_{u}])\n",
        f"for row_{u} in x:\n    r_{u} = tf.reduce_mean(row_{u})\n"])
    leave = r.choice(["break", "continue"])
    c = r.choice(["0.0", "0.3", "-0.3"])
    return Parts(("tensor_for", "tensor_loop_exit", "int_counter"),
                 state={f"seen_{u}": "0"},
                 tape=f"acc_{u} = tf.zeros((), x.dtype)\nn_{u} = 0\n" + header +
                      f"    if r_{u} > {c}:\n        {leave}\n"
                      f"    acc_{u} = acc_{u} + r_{u}\n    n_{u} += 1\n"
                      f"loss = loss + 0.01 * acc_{u}\n",
                 post=f"{{st}}seen_{u} = n_{u}\n")


def python_while(r, u):
    start = r.choice(["37", "64", "1000", "5"])
    return Parts(("python_while", "int_counter", "mutate_state"),
                 state={f"k_{u}": start},
                 tape=f"k_{u} = {{st}}k_{u}\nhalvings_{u} = 0\nwhile k_{u} > 1:\n"
                      f"    k_{u} //= 2\n    halvings_{u} += 1\n"
                      f"loss = loss * (1.0 + 0.01 * halvings_{u})\n",
                 post=f"{{st}}k_{u} += 3\n",
                 mutations=(f"{{ST}}k_{u} = {r.choice(['2**40', '0', '7.5'])}",))


def for_break_continue(r, u):
    n, a, b = r.choice([(6, 1, 4), (5, 0, 3), (8, 2, 7)])
    return Parts(("for_range", "break", "continue"),
                 tape=f"for j_{u} in range({n}):\n    if j_{u} == {a}:\n        continue\n"
                      f"    if j_{u} == {b}:\n        break\n"
                      f"    loss = loss + 0.01 * j_{u} * tf.reduce_mean(pred)\n")


def early_return(r, u):
    n = r.choice([5, 12, 20])
    return Parts(("early_return", "attr_write"),
                 state={f"calls_{u}": "0"},
                 post=f"{{st}}calls_{u} += 1\n",
                 ret=f"if {{st}}calls_{u} > {n}:\n    return loss * 2\n")


def recursion_tree(r, u):
    return Parts(("recursion", "object_graph", "mutate_object"),
                 setup=f"class Node{u}:\n    def __init__(self, val, left=None, right=None):\n"
                       f"        self.val, self.left, self.right = val, left, right\n\n\n"
                       f"def tree_sum_{u}(node, w):\n    if node is None:\n"
                       f"        return tf.zeros((), tf.float64)\n"
                       f"    return node.val * w + tree_sum_{u}(node.left, w) + "
                       f"tree_sum_{u}(node.right, w)\n\n\n"
                       f"TREE_{u} = Node{u}(0.5, Node{u}(1.0), Node{u}(-0.25, Node{u}(2.0)))\n",
                 tape=f"loss = loss + 0.01 * tree_sum_{u}(TREE_{u}, tf.reduce_mean(pred))\n",
                 mutations=(r.choice([f"TREE_{u}.left.val = 3",
                                      f"TREE_{u}.right = None",
                                      f"TREE_{u}.left.left = Node{u}(-1.5)"]),))


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


def int_float_division(r, u):
    s = r.choice(["3", "4", "7"])
    d = r.choice(["2", "4", "3"])
    return Parts(("int_float_mix", "division", "mutate_global"),
                 setup=f"S_{u} = {s}\n",
                 tape=f"loss = loss * (S_{u} / {d})\n",
                 mutations=(r.choice([f"S_{u} = {s}.0", f"S_{u} = True", f"S_{u} = -0.0"]),))


def floor_mod(r, u):
    return Parts(("division", "modulo", "int_counter"),
                 state={f"n_{u}": r.choice(["-7", "5", "0"])},
                 post=f"{{st}}n_{u} = ({{st}}n_{u} + 3) % {r.choice(['4', '-4'])}\n"
                      f"{{st}}q_{u} = {{st}}n_{u} // 2\n")


def comparison(r, u):
    t = r.choice(["3", "10", "2.5"])
    return Parts(("compare", "attr_write"),
                 state={f"c_{u}": "0", f"over_{u}": "False"},
                 post=f"{{st}}c_{u} += 1\nif {{st}}c_{u} > {t}:\n    {{st}}over_{u} = True\n")


def big_int(r, u):
    return Parts(("bigint", "int_counter"),
                 state={f"h_{u}": r.choice(["1", "12345"])},
                 post=f"{{st}}h_{u} = {{st}}h_{u} * 31 + 7\n")


def zero_division(r, u):
    return Parts(("zero_division", "exception_caught", "mutate_state"),
                 state={f"hits_{u}": "0", f"trials_{u}": "1", f"ratio_{u}": "0.0"},
                 post=f"{{st}}hits_{u} += 1\ntry:\n    {{st}}ratio_{u} = {{st}}hits_{u} / {{st}}trials_{u}\n"
                      f"except ZeroDivisionError:\n    {{st}}ratio_{u} = -1.0\n",
                 mutations=(f"{{ST}}trials_{u} = 0",))


def strings(r, u):
    return Parts(("string", "list_write"),
                 state={f"tags_{u}": "[]", f"n_{u}": "0"},
                 post=f"{{st}}n_{u} += 1\n{{st}}tags_{u}.append('s' + str({{st}}n_{u}))\n")


def fstring(r, u):
    return Parts(("fstring", "attr_write"),
                 state={f"msg_{u}": "''"},
                 post=f"{{st}}msg_{u} = f'loss {{float(loss):.5f}} at {{len({{st}}msg_{u})}}'\n")


def print_in_step(r, u):
    return Parts(("print",),
                 state={f"p_{u}": "0"},
                 post=f"{{st}}p_{u} += 1\nprint('fz{u}', {{st}}p_{u}, float(loss))\n")


def print_container(r, u):
    return Parts(("print", "print_container", "list_write"),
                 setup=f"HIST_{u} = []\n",
                 post=f"HIST_{u}.append(len(HIST_{u}))\nprint('hist{u}', HIST_{u}[-3:], len(HIST_{u}))\n")


def dataclass_cfg(r, u):
    return Parts(("dataclass", "dunder_eq", "mutate_object"),
                 setup=f"@dataclasses.dataclass\nclass Cfg{u}:\n    scale: float = 1.0\n"
                       f"    on: bool = True\n\n\nCFG_{u} = Cfg{u}()\n",
                 tape=f"if CFG_{u}.on:\n    loss = loss * CFG_{u}.scale\n"
                      f"if CFG_{u} == Cfg{u}():\n    loss = loss + 0.01\n",
                 mutations=(r.choice([f"CFG_{u}.scale = 2", f"CFG_{u}.on = False",
                                      f"CFG_{u} = Cfg{u}(scale=0.5)"]),))


def property_read(r, u):
    return Parts(("property", "mutate_object"),
                 setup=f"class P{u}:\n    def __init__(self):\n        self._f = 0.5\n\n"
                       f"    @property\n    def factor(self):\n        return self._f * 2\n\n\n"
                       f"PR_{u} = P{u}()\n",
                 tape=f"loss = loss * PR_{u}.factor\n",
                 mutations=(r.choice([f"PR_{u}._f = 0.25", f"PR_{u}._f = 1"]),))


def descriptor_read(r, u):
    return Parts(("descriptor",),
                 setup=f"class Counting{u}:\n    reads = 0\n\n"
                       f"    def __get__(self, obj, owner=None):\n"
                       f"        Counting{u}.reads += 1\n        return 1.0 + Counting{u}.reads % 3\n\n\n"
                       f"class HasD{u}:\n    value = Counting{u}()\n\n\nHD_{u} = HasD{u}()\n",
                 tape=f"loss = loss * HD_{u}.value\n")


def dunder_len_float(r, u):
    return Parts(("dunder", "mutate_object"),
                 setup=f"class Bag{u}:\n    def __init__(self):\n        self.items = [1, 2]\n\n"
                       f"    def __len__(self):\n        return len(self.items)\n\n"
                       f"    def __float__(self):\n        return sum(self.items) / 4\n\n\n"
                       f"BAG_{u} = Bag{u}()\n",
                 tape=f"loss = loss * (1.0 + 0.01 * len(BAG_{u})) + 0.001 * float(BAG_{u})\n",
                 mutations=(f"BAG_{u}.items.append(5)",))


def method_shadow(r, u):
    return Parts(("method", "mutate_method"),
                 setup=f"class Act{u}:\n    def act(self, z):\n        return z * 2\n\n"
                       f"    def alt(self, z):\n        return z * 3\n\n\nACT_{u} = Act{u}()\n",
                 tape=f"loss = loss + 0.01 * ACT_{u}.act(tf.reduce_mean(pred))\n",
                 mutations=(r.choice([f"ACT_{u}.act = ACT_{u}.alt",
                                      f"Act{u}.act = lambda self, z: z * 5"]),))


def classmethod_read(r, u):
    return Parts(("classmethod", "method"),
                 setup=f"class K{u}:\n    base = 2\n\n    @classmethod\n"
                       f"    def factor(cls):\n        return cls.base * 0.5\n\n\nKK_{u} = K{u}()\n",
                 tape=f"loss = loss * KK_{u}.factor()\n",
                 mutations=(f"K{u}.base = 3",))


def second_tape(r, u):
    return Parts(("several_tapes", "raw_variables"),
                 setup=f"AUX_{u} = tf.Variable(np.ones(3), name='aux{u}')\n",
                 post=f"with tf.GradientTape() as tape_{u}:\n"
                      f"    aux_loss_{u} = tf.reduce_sum(AUX_{u} * tf.reduce_mean(x)) ** 2\n"
                      f"g_{u} = tape_{u}.gradient(aux_loss_{u}, [AUX_{u}])\n"
                      f"AUX_{u}.assign_sub(0.01 * g_{u}[0])\n")


def tf_assert(r, u):
    return Parts(("tf_assert", "failing_tf_op", "mutate_global"),
                 setup=f"LIM_{u} = 100.0\n",
                 tape=f"tf.debugging.assert_less(tf.reduce_mean(tf.abs(x)), "
                      f"tf.constant(LIM_{u}, tf.float64))\n",
                 mutations=(f"LIM_{u} = 0.001", f"LIM_{u} = 100.0"))


def check_numerics(r, u):
    return Parts(("check_numerics", "failing_tf_op", "mutate_global"),
                 setup=f"NUM_{u} = 1.0\n",
                 tape=f"loss = tf.debugging.check_numerics(loss * NUM_{u}, 'loss{u}')\n",
                 mutations=(f"NUM_{u} = float('nan')", f"NUM_{u} = 1.0"))


def gather_oob(r, u):
    return Parts(("gather", "failing_tf_op", "mutate_global"),
                 setup=f"TBL_{u} = tf.constant([1.0, 2.0, 3.0], tf.float64)\nIDX_{u} = [0, 2]\n",
                 tape=f"loss = loss + 0.01 * tf.reduce_sum(tf.gather(TBL_{u}, IDX_{u}))\n",
                 mutations=(f"IDX_{u} = [0, 7]", f"IDX_{u} = [1]"))


def raise_caught(r, u):
    p = r.choice([3, 4, 7])
    return Parts(("exception_caught", "raise"),
                 state={f"ok_{u}": "0", f"bad_{u}": "0", f"t_{u}": "0"},
                 post=f"{{st}}t_{u} += 1\ntry:\n    if {{st}}t_{u} % {p} == 1:\n"
                      f"        raise ValueError('every {p}th')\n    {{st}}ok_{u} += 1\n"
                      f"except ValueError:\n    {{st}}bad_{u} += 1\n")


def suppress_ctx(r, u):
    return Parts(("context_manager", "tf_assert", "mutate_global"),
                 setup=f"SUP_{u} = 1e6\nSUPPRESSED_{u} = []\n",
                 tape=f"with contextlib.suppress(tf.errors.InvalidArgumentError):\n"
                      f"    tf.debugging.assert_less(loss, tf.constant(SUP_{u}, tf.float64))\n"
                      f"    SUPPRESSED_{u}.append(0)\n",
                 mutations=(f"SUP_{u} = -1.0", f"SUP_{u} = 1e6"))


def step_exception(r, u):
    return Parts(("uncaught_in_step", "mutate_global"),
                 setup=f"FAIL_{u} = False\n",
                 post=f"if FAIL_{u}:\n    raise RuntimeError('fail{u}')\n",
                 mutations=(f"FAIL_{u} = True", f"FAIL_{u} = False"))


def py_random(r, u):
    return Parts(("python_random",),
                 tape=f"loss = loss * (1.0 + 0.001 * {r.choice(['random.random()', 'np.random.rand()'])})\n")


def tf_random(r, u):
    # Seeded draws (the skeleton sets the seed): a graph must draw eager's numbers.
    draw = r.choice([
        "tf.random.normal((2,), dtype=tf.float64)",
        "tf.random.uniform(tf.shape(pred), dtype=pred.dtype)",
        "tf.random.truncated_normal(tf.shape(pred)[:1], dtype=pred.dtype)",
        "tf.cast(tf.random.uniform((3,), 0, 5, dtype=tf.int32), pred.dtype)",
        "tf.nn.dropout(tf.ones_like(pred), rate=0.5)",
    ])
    return Parts(("tf_random",),
                 tape=f"loss = loss + 0.001 * tf.cast(tf.reduce_sum({draw}), loss.dtype)\n")


def iterator_next(r, u):
    return Parts(("iterator",),
                 setup=f"IT_{u} = itertools.count({r.choice(['0', '5'])})\n",
                 state={f"tick_{u}": "0"},
                 post=f"{{st}}tick_{u} = next(IT_{u})\n")


def helper_call(r, u):
    return Parts(("helper_call", "mutate_global"),
                 setup=f"K_{u} = {r.choice(['1.0', '0.5'])}\n\n\n"
                       f"def scale_{u}(t, k):\n    return t * k + 0.0\n",
                 tape=f"loss = scale_{u}(loss, K_{u})\n",
                 mutations=(f"K_{u} = {r.choice(['2', '0.25', '1'])}",))


def tuple_const(r, u):
    return Parts(("tuple_const", "mutate_global"),
                 setup=f"PAIR_{u} = (-1, 1)\n",
                 tape=f"loss = loss + 0.001 * tf.reduce_sum(tf.constant(PAIR_{u}, tf.float64))\n",
                 post=f"{{st}}pair_{u} = PAIR_{u}\n",
                 state={f"pair_{u}": "None"},
                 mutations=(f"PAIR_{u} = (-1.0, 1.0)",))


def shape_change(r, u):
    return Parts(("shape_change", "mutate_global"), needs=("batch_global",),
                 mutations=(f"BATCH = {r.choice([5, 9, 3])}",))


def dtype_change(r, u):
    return Parts(("dtype_change", "ndarray_input", "mutate_global"), needs=("ndarray", "cast"),
                 mutations=("XDTYPE = np.float32", "XDTYPE = np.float64"))


def ndarray_probe(r, u):
    return Parts(("ndarray_input", "isinstance"), needs=("ndarray",),
                 tape="if isinstance(x, np.ndarray):\n    loss = loss * 1.5\n")


def model_swap(r, u):
    return Parts(("mutate_model",), needs=("keras",),
                 mutations=("{M} = make_model(); {O} = make_optimizer()",))


def model_attr(r, u):
    return Parts(("keras_subclass_attr", "mutate_object"), needs=("subclassed",),
                 mutations=(f"{{M}}.scale = {r.choice(['0.5', '2', '1'])}",))


def lr_change(r, u):
    return Parts(("mutate_lr",), needs=("lr_global",),
                 mutations=(f"LR = {r.choice(['0.0', '0.2', '0.01'])}",))


def act_change(r, u):
    return Parts(("keras_callback", "mutate_global"), needs=("user_activation",),
                 mutations=(f"ACT_SCALE = {r.choice(['0.0', '2.0', '0.5'])}",))


def tensor_identity(r, u):
    # The step keeps the caller's batch and asks whether it is the same object again.
    return Parts(("tensor_identity", "attr_write"),
                 state={f"prev_x_{u}": "None", f"same_{u}": "0"},
                 tape=f"if {{st}}prev_x_{u} is not None and {{st}}prev_x_{u} is x:\n"
                      f"    loss = loss * 1.5\n",
                 post=f"{{st}}same_{u} += int({{st}}prev_x_{u} is x)\n{{st}}prev_x_{u} = x\n"
                      f"{{st}}last_{u} = loss\n",
                 ret=f"if {{st}}last_{u} is not loss:\n    {{st}}same_{u} = -1\n")


def own_tf_function(r, u):
    # The program's own tf.function records its traces and bakes a global in at trace time.
    return Parts(("own_tf_function", "mutate_global"),
                 setup=f"TRACES_{u} = []\nGAIN_{u} = {r.choice(['1.0', '0.5'])}\n\n\n"
                       f"@tf.function\ndef traced_{u}(t):\n"
                       f"    TRACES_{u}.append(tuple(t.shape))\n    return t * GAIN_{u}\n",
                 tape=f"loss = loss + 0.01 * tf.reduce_mean(traced_{u}(pred))\n",
                 mutations=(f"GAIN_{u} = {r.choice(['2.0', '0.0'])}",))


def number_type_dispatch(r, u):
    # A carried EMA that starts as the int 0: its type decides the update.
    return Parts(("number_types", "isinstance", "attr_write"),
                 state={f"ema_{u}": "0", f"kind_{u}": "''"},
                 post=f"v_{u} = float(loss)\n"
                      f"if isinstance({{st}}ema_{u}, int):\n    {{st}}ema_{u} = v_{u}\n"
                      f"else:\n    {{st}}ema_{u} = 0.9 * {{st}}ema_{u} + 0.1 * v_{u}\n"
                      f"{{st}}kind_{u} = type({{st}}ema_{u}).__name__\n",
                 mutations=(f"{{ST}}ema_{u} = {r.choice(['0', 'True', '2.5'])}",))


def percent_format(r, u):
    spec = r.choice(["%.4f", "%8.3e", "%-10.2f|", "%+g", "%s"])
    return Parts(("percent_format", "string"),
                 state={f"k_{u}": "0", f"line_{u}": "''"},
                 post=f"{{st}}k_{u} += 1\n"
                      f"{{st}}line_{u} = 'loss {spec} at %03d' % (float(loss), {{st}}k_{u})\n")


def class_swap(r, u):
    # An object's class is assigned mid-run: what the step asked of it must follow.
    return Parts(("class_swap", "isinstance", "mutate_object"),
                 setup=f"class Warm{u}:\n    k = 1.0\n\n\nclass Main{u}(Warm{u}):\n"
                       f"    k = {r.choice(['2.0', '0.5'])}\n\n\nPHASE_{u} = Warm{u}()\n",
                 tape=f"if isinstance(PHASE_{u}, Main{u}):\n    loss = loss * PHASE_{u}.k\n",
                 mutations=(f"PHASE_{u}.__class__ = Main{u}",))


def print_order(r, u):
    # print and tf.print to stdout, in program order.
    return Parts(("print", "tf_print"),
                 state={f"po_{u}": "0"},
                 post=f"{{st}}po_{u} += 1\nprint('po{u}', {{st}}po_{u})\n"
                      f"tf.print('tp{u}', {{st}}po_{u}, output_stream=sys.stdout)\n")


def optimizer_setting(r, u):
    # Fine-tuning code changes a Keras optimizer's setting between steps.
    return Parts(("mutate_library",),
                 mutations=(r.choice(["{O}.clipnorm = 0.5", "{O}.global_clipnorm = 0.1",
                                      "{O}.clipvalue = 0.01"]),))


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


def fresh_text(r, u):
    # Text and big ints the step computes are new objects at every call.
    made = r.choice([f"f'run-{{{{st}}k_{u}}}'", f"str({{st}}k_{u} * 10 ** 20)",
                     f"'tag' + str({{st}}k_{u} % 3)"])
    return Parts(("string", "identity"),
                 state={f"k_{u}": "0", f"last_{u}": "None", f"same_{u}": "0"},
                 post=f"t_{u} = {made}\nif t_{u} is {{st}}last_{u}:\n    {{st}}same_{u} += 1\n"
                      f"{{st}}last_{u} = t_{u}\n{{st}}k_{u} += 1 if {{st}}k_{u} < 3 else 0\n")


def fixed_seed_stream(r, u):
    # A draw with the op's own seed continues one stream per kernel: the step's graph
    # and the loop's eager draws both move it; reseeding starts it again.
    seed = r.choice([3, 17, 1234])
    draw = r.choice([
        f"tf.random.normal(tf.shape(pred), dtype=pred.dtype, seed={seed})",
        f"tf.random.uniform((3,), seed={seed})",
        f"tf.nn.dropout(tf.ones_like(pred), rate=0.5, seed={seed})",
    ])
    return Parts(("tf_random", "fixed_seed"),
                 tape=f"loss = loss + 0.001 * tf.cast(tf.reduce_sum({draw}), loss.dtype)\n",
                 mutations=(f"print('fs{u}', tf.random.uniform((3,), seed={seed}).numpy())",
                            "tf.random.set_seed(11)"))


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


def match_config(r, u):
    # A match statement on a configuration dict the loop changes in place.
    return Parts(("match", "mutate_container"),
                 setup=f"MC_{u} = {{'mode': 'scale', 'k': 0.5}}\n",
                 tape=(f"match MC_{u}:\n    case {{'mode': 'scale', 'k': k_{u}}}:\n"
                       f"        loss = loss * k_{u}\n    case {{'mode': 'shift'}}:\n"
                       f"        loss = loss + 0.1\n    case _:\n        pass\n"),
                 mutations=(r.choice([f"MC_{u}['mode'] = 'shift'", f"del MC_{u}['k']",
                                      f"MC_{u}['k'] = 2.0"]),))


def import_in_step(r, u):
    # An import statement inside the step, of a module the loop patches.
    return Parts(("import_in_step", "mutate_library"),
                 tape=f"import colorsys as cs_{u}\n"
                      f"loss = loss * (3.0 * cs_{u}.ONE_THIRD)\n",
                 mutations=("sys.modules['colorsys'].ONE_THIRD = 0.5",))


def library_body(r, u):
    # tf.map_fn runs the program's function per element in eager, once in a trace.
    return Parts(("library_body", "global_counter"),
                 setup=f"CALLS_{u} = [0]\n\n\ndef per_row_{u}(row):\n"
                       f"    CALLS_{u}[0] += 1\n    return tf.reduce_sum(row * row)\n",
                 tape=f"loss = loss + 1e-3 * tf.reduce_mean(tf.map_fn(per_row_{u}, x, "
                      f"fn_output_signature=x.dtype))\n")


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


def native_arrays(r, u):
    # Library code reading the program's arrays in an argument; the loop edits one
    # in place.
    return Parts(("native_arrays", "mutate_container"),
                 setup=f"ARRS_{u} = [np.ones(2, np.float32), np.full(2, 0.5, np.float32)]\n",
                 tape=f"loss = loss * tf.cast(tf.reduce_mean(tf.stack(ARRS_{u})), loss.dtype)\n",
                 mutations=(f"ARRS_{u}[1][0] = 2.0",))


def nested_arm_rewrite(r, u):
    # A plateau counter (Keras' ReduceLROnPlateau): an arm of a branch on the loss writes
    # the counter, then writes it again on one arm of a nested branch.
    patience = r.choice(["2", "3"])
    return Parts(("tensor_if", "cond_write", "nested_cond_write", "attr_write"),
                 state={f"best_{u}": "1e9", f"wait_{u}": "0", f"hits_{u}": "0"},
                 post=f"if loss < {{st}}best_{u}:\n    {{st}}best_{u} = float(loss)\n"
                      f"    {{st}}wait_{u} = 0\nelse:\n    {{st}}wait_{u} += 1\n"
                      f"    if {{st}}wait_{u} >= {patience}:\n        {{st}}wait_{u} = 0\n"
                      f"        {{st}}hits_{u} += 1\n")


def arm_tape(r, u):
    # A second tape that is not persistent, used on one arm of a branch on its loss
    # (a skipped update): eagerly only the arm taken uses it.
    limit = r.choice(["0.5", "1.0", "2.0"])
    return Parts(("tensor_if", "several_tapes", "arm_tape"),
                 state={f"skipped_{u}": "0"},
                 post=f"with tf.GradientTape() as tape_{u}:\n"
                      f"    aux_{u} = tf.reduce_mean(forward({{m}}, x) ** 2)\n"
                      f"if aux_{u} < {limit}:\n"
                      f"    g_{u} = tape_{u}.gradient(aux_{u}, params({{m}}))\n"
                      f"    {{o}}.apply_gradients(zip([0.1 * g for g in g_{u}], params({{m}})))\n"
                      f"else:\n    {{st}}skipped_{u} += 1\n")


def cond_identity(r, u):
    # The caller's batch kept on one arm of a branch on a tensor, or chosen by one:
    # the oracle compares the state's identities (`ST.kept is ST.seen`).
    return Parts(("tensor_if", "tensor_identity", "cond_identity", "attr_write"),
                 state={f"kept_{u}": "None", f"seen_{u}": "None", f"pick_{u}": "None"},
                 post=f"{{st}}seen_{u} = x\nif tf.reduce_mean(pred) > 0:\n"
                      f"    {{st}}kept_{u} = x\n"
                      f"{{st}}pick_{u} = x if loss < {r.choice(['0.5', '1.0'])} else y\n")


def cond_closure(r, u):
    # tf.cond of lambdas over the step's locals (build/cond_calls.py): one arm's loss
    # uses a Python number the step binds, and after the update one arm hands back the
    # caller's batch itself (`chosen is x` eagerly on that arm only).
    return Parts(("tensor_if", "cond_closure", "tensor_identity", "attr_write"),
                 state={f"same_{u}": "None", f"chosen_{u}": "None"},
                 tape=f"scale_{u} = {r.choice(['0.5', '2.0'])}\n"
                      f"loss = tf.cond(tf.reduce_mean(pred) > 0, lambda: loss * scale_{u},\n"
                      f"               lambda: loss + 0.0)\n",
                 post=f"{{st}}chosen_{u} = tf.cond(loss < {r.choice(['0.5', '1.0'])}, "
                      f"lambda: x, lambda: x * 1.0)\n"
                      f"{{st}}same_{u} = {{st}}chosen_{u} is x\n")


def loop_identity(r, u):
    # A tensor the loop on a tensor carries, which starts as the caller's batch and
    # may run no pass (build/loops.py): `h is x` after it, and the tensor kept.
    return Parts(("tensor_for", "loop_identity", "tensor_identity", "attr_write"),
                 state={f"same_{u}": "None", f"last_{u}": "None"},
                 post=f"h_{u} = x\n"
                      f"for t_{u} in tf.range(tf.cast(tf.reduce_mean(x) > "
                      f"{r.choice(['0.0', '0.1'])}, tf.int32)):\n"
                      f"    h_{u} = h_{u} * 0.5\n"
                      f"{{st}}same_{u} = h_{u} is x\n{{st}}last_{u} = h_{u}\n")


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


def case_closure(r, u):
    # tf.case of lambdas over the step's locals (build/cond_calls.py): the first true
    # predicate's function, a default, exclusive or not.
    exclusive = r.choice(["False", "True"])
    return Parts(("tensor_if", "cond_closure", "case_closure"),
                 tape=f"m_{u} = tf.reduce_mean(pred)\n"
                      f"loss = tf.case([(m_{u} > 0.1, lambda: loss * 1.5),\n"
                      f"                (m_{u} < -0.1, lambda: loss * 0.5)],\n"
                      f"               default=lambda: loss + 0.0, exclusive={exclusive})\n")

def nested_choice(r, u):
    # The caller's batch chosen by a branch nested in an arm of another
    # (build/branches.py _choice_flags), and a Python float halved under an inner branch
    # or kept (a plateau scheduler): `pick is x`, and the float kept, compared by identity.
    return Parts(("tensor_if", "nested_choice", "tensor_identity", "attr_write"),
                 state={f"pick_{u}": "None", f"same_{u}": "None", f"rate_{u}": "0.1",
                        f"best_{u}": "1e9"},
                 post=f"{{st}}pick_{u} = x * 1.0 if loss < {r.choice(['0.3', '0.6'])} else "
                      f"(x if loss < {r.choice(['1.0', '2.0'])} else y)\n"
                      f"{{st}}same_{u} = {{st}}pick_{u} is x\n"
                      f"if loss < {{st}}best_{u}:\n    {{st}}best_{u} = float(loss)\n"
                      f"else:\n    if loss > {r.choice(['0.5', '1.5'])}:\n"
                      f"        {{st}}rate_{u} = {{st}}rate_{u} * 0.5\n",
                 mutations=(f"{{ST}}best_{u} = 0.0",))


def step_warning(r, u):
    # warnings.warn in the step (build/warning_calls.py): shown per the filters, into
    # the module's __warningregistry__ (a global the oracle compares); the loop changes
    # the filters mid-run.
    action = r.choice(["default", "always"])
    return Parts(("step_warning", "mutate_global"),
                 setup=f"import warnings\nwarnings.simplefilter({action!r})\n",
                 post=f"warnings.warn('step {u} ran', UserWarning)\n"
                      f"if loss > {r.choice(['0.5', '1.0'])}:\n"
                      f"    warnings.warn('loss {u} is high', RuntimeWarning)\n",
                 mutations=("warnings.filterwarnings('ignore', category=RuntimeWarning)",
                            "warnings.simplefilter('always')"))


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


def interpreted_step(r, u):
    # An unknown C call on the prediction's bytes decides a Python branch: the step
    # stays in the interpreter (co-execution: its Keras calls are graph sites, its
    # tape.gradient the deferred walk of janus/coexec/backward.py), whatever else it does.
    return Parts(("co_execution",),
                 setup="import zlib\n",
                 tape=f"crc_{u} = zlib.crc32(pred.numpy().tobytes())\n"
                      f"if crc_{u} % {r.choice(['2', '3'])} == 0:\n"
                      f"    loss = loss * {r.choice(['1.0', '0.75'])}\n")


FEATURES = {f.__name__: f for f in (
    py_if_flag, tensor_if, tensor_if_write, tensor_while, tensor_loop, python_while,
    for_break_continue,
    early_return, recursion_tree, attr_counter, global_counter, closure_nonlocal,
    list_append, dict_rw, deque_rw, defaultdict_rw, counter_contains, aliasing,
    object_created, int_float_division, floor_mod, comparison, big_int, zero_division,
    strings, fstring, print_in_step, print_container, dataclass_cfg, property_read,
    descriptor_read, dunder_len_float, method_shadow, classmethod_read, second_tape,
    tf_assert, check_numerics, gather_oob, raise_caught, suppress_ctx, step_exception,
    py_random, tf_random, iterator_next, helper_call, tuple_const, shape_change,
    dtype_change, ndarray_probe, model_swap, model_attr, lr_change, act_change,
    tensor_identity, own_tf_function, number_type_dispatch, percent_format, class_swap,
    print_order, optimizer_setting, item_write_finalizer, fresh_text, library_body,
    fixed_seed_stream, closure_made_in_step, match_config, import_in_step, set_in_step,
    getattr_default, nested_contents, native_arrays, nested_arm_rewrite, arm_tape,
    cond_identity, cond_closure, loop_identity, equal_identity, list_counter, case_closure,
    nested_choice, step_warning, number_window, interpreted_step)}

# Tags the skeleton itself covers (generate.py), beside the features' own.
SKELETON_TAGS = ("raw_variables", "keras_sequential", "keras_functional", "keras_subclassed",
                 "sgd", "adam", "callable_lr", "schedule_subclass", "schedule_builtin",
                 "step_function", "step_method", "ragged_batch", "print")

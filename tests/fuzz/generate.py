"""A seed → a plan (skeleton choices + feature instances) → a runnable TF2 training program.

The plan is plain data, so the shrinker can drop a feature or simplify the skeleton and
render again; rendering is deterministic.  Every program has one hot step that enters a
`tf.GradientTape`, called STEPS times by a driver that applies each feature's mid-run
mutations at its drawn step (and its every-step loop code) and prints each step's loss
(or the exception it raised).
"""

import random
import textwrap

from features import FEATURES

HOT_CALLS = 3           # janus's default JANUS_HOT: mutations come after the first graph


def make_plan(seed: int) -> dict:
    r = random.Random(seed)
    model = r.choice(["raw", "sequential", "functional", "subclassed"])
    plan = {
        "seed": seed,
        "steps": r.randint(30, 60),
        "model": model,
        "act": r.choice(["tanh", "relu", "user"]) if model in ("sequential", "functional")
        else "tanh",
        "opt": r.choice(["sgd", "adam", "callable", "schedule_subclass", "schedule_builtin"]),
        "style": r.choice(["function", "method"]),
        "ndarray": r.random() < 0.35,
        "ragged": r.random() < 0.4,
    }
    plan["cast"] = plan["ndarray"] and r.random() < 0.6
    offered = capabilities(plan)
    candidates = sorted(name for name in FEATURES if set(needs_of(name)) <= offered)
    chosen = r.sample(candidates, r.randint(1, 5))
    plan["features"] = []
    for u, name in enumerate(chosen):
        fseed = r.randrange(2**31)
        n_mut = len(_parts(FEATURES[name], fseed, u).mutations)
        at = []
        # Room for three or more mutations in order (each up to 4 steps after the one
        # before) without the clamp to steps - 2 making two fall on one step; one or two
        # draw as they always did.
        last_first = plan["steps"] - (4 if n_mut <= 2 else 2 + 4 * (n_mut - 1))
        for _ in range(n_mut):
            lo = at[-1] + 1 if at else HOT_CALLS + 2
            at.append(min(lo + r.randint(0, 3) if at else r.randint(lo, last_first),
                          plan["steps"] - 2))
        plan["features"].append({"name": name, "seed": fseed, "u": u, "at": at})
    return plan


def capabilities(plan) -> set:
    offered = {"batch_global"}
    if plan["ndarray"]:
        offered.add("ndarray")
    if plan["cast"]:
        offered.add("cast")
    if plan["model"] != "raw":
        offered.add("keras")
    if plan["model"] == "subclassed":
        offered.add("subclassed")
    if plan["opt"] == "callable":
        offered.add("lr_global")
    if plan["act"] == "user" and plan["model"] in ("sequential", "functional"):
        offered.add("user_activation")
    return offered


def needs_of(name):
    """The skeleton options a feature requires (they do not depend on its parameters)."""
    return _parts(FEATURES[name], 0, 0).needs


def _parts(feature, fseed, u):
    return feature(random.Random(fseed), u)


def feature_parts(plan):
    return [(f, _parts(FEATURES[f["name"]], f["seed"], f["u"])) for f in plan["features"]]


def tags(plan) -> set:
    out = {f"model_{plan['model']}".replace("model_raw", "raw_variables")
           .replace("model_sequential", "keras_sequential")
           .replace("model_functional", "keras_functional")
           .replace("model_subclassed", "keras_subclassed"),
           {"sgd": "sgd", "adam": "adam", "callable": "callable_lr",
            "schedule_subclass": "schedule_subclass",
            "schedule_builtin": "schedule_builtin"}[plan["opt"]],
           f"step_{plan['style']}", "print"}
    if plan["ragged"]:
        out.add("ragged_batch")
    if plan["ndarray"]:
        out.add("ndarray_input")
    for _, parts in feature_parts(plan):
        out.update(parts.tags)
    return out


_MODELS = {
    "raw": """\
W = tf.Variable(DATA_RNG.normal(size=(6, 1)) * 0.1, name="W")
B = tf.Variable(np.zeros(1), name="B")


def make_model():
    return None


def forward(model, x):
    return tf.matmul(x, W) + B


def params(model):
    return [W, B]
""",
    "sequential": """\
def make_model():
    return tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(8, activation=ACT),
                                tf.keras.layers.Dense(1)])
""",
    "functional": """\
def make_model():
    inputs = tf.keras.Input((6,))
    hidden = tf.keras.layers.Dense(8, activation=ACT)(inputs)
    return tf.keras.Model(inputs, tf.keras.layers.Dense(1)(hidden))
""",
    "subclassed": """\
class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8)
        self.out = tf.keras.layers.Dense(1)
        self.scale = 1.0

    def call(self, x):
        return self.out(tf.nn.tanh(self.hidden(x))) * self.scale


def make_model():
    return Net()
""",
}

_KERAS_FORWARD = """

def forward(model, x):
    return model(x)


def params(model):
    return model.trainable_variables
"""

_OPTIMIZERS = {
    "sgd": "tf.keras.optimizers.SGD(0.05)",
    "adam": "tf.keras.optimizers.Adam(0.01)",
    "callable": "tf.keras.optimizers.SGD(learning_rate=lambda: LR)",
    "schedule_subclass": "tf.keras.optimizers.SGD(learning_rate=SCHED)",
    # Not ExponentialDecay: TF's own graph rounds its float32 pow differently from eager
    # (a hand-written tf.function gives janus's numbers to the bit), which is TF's
    # difference, not janus's.
    "schedule_builtin": "tf.keras.optimizers.SGD(tf.keras.optimizers.schedules."
                        "PiecewiseConstantDecay([10, 20], [0.05, 0.02, 0.01]))",
}

_SCHEDULE = """\
class Sched(tf.keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self):
        self.base = 0.05

    def __call__(self, step):
        return self.base / (1.0 + 0.01 * tf.cast(step, tf.float32))


SCHED = Sched()
"""


def _indent(code, spaces):
    return textwrap.indent(code, " " * spaces) if code else ""


def render(plan) -> str:
    method = plan["style"] == "method"
    st, ST = ("self.", "TRAINER.") if method else ("ST.", "ST.")
    m, M = ("self.model", "TRAINER.model") if method else ("MODEL", "MODEL")
    o, O = ("self.opt", "TRAINER.opt") if method else ("OPT", "OPT")
    parts = feature_parts(plan)

    def fill(code, driver=False):
        return (code.replace("{st}", ST if driver else st).replace("{ST}", ST)
                .replace("{M}", M).replace("{O}", O).replace("{m}", m).replace("{o}", o))

    n_rows = 100 if plan["ragged"] else 96
    names = ", ".join(f"{f['name']}" for f in plan["features"])
    head = [f"# janus-python fuzz program, seed {plan['seed']}",
            f"# features: {names}",
            f"# skeleton: model={plan['model']} act={plan['act']} opt={plan['opt']} "
            f"style={plan['style']} ndarray={plan['ndarray']} cast={plan['cast']} "
            f"ragged={plan['ragged']} steps={plan['steps']}",
            "import collections", "import contextlib", "import dataclasses",
            "import itertools", "import random", "import sys", "import weakref", "",
            "import numpy as np", "import tensorflow as tf", "",
            f"tf.keras.utils.set_random_seed({plan['seed']})",
            'tf.keras.backend.set_floatx("float64")',
            f"DATA_RNG = np.random.default_rng({plan['seed']})",
            f"N_ROWS = {n_rows}",
            "DATA_X = DATA_RNG.normal(size=(N_ROWS, 6))",
            "DATA_Y = DATA_RNG.normal(size=(N_ROWS, 1))",
            "BATCH = 16", "XDTYPE = np.float64"]
    if plan["opt"] == "callable":
        head.append("LR = 0.05")
    if plan["act"] == "user":
        head += ["ACT_SCALE = 1.0", "", "", "def user_act(z):",
                 "    return tf.nn.tanh(z) * ACT_SCALE", "", "", "ACT = user_act"]
    else:
        head.append(f'ACT = "{plan["act"]}"')
    src = "\n".join(head) + "\n\n\n" + _MODELS[plan["model"]]
    if plan["model"] != "raw":
        src += _KERAS_FORWARD
    if plan["opt"] == "schedule_subclass":
        src += "\n\n" + _SCHEDULE
    src += f"\n\ndef make_optimizer():\n    return {_OPTIMIZERS[plan['opt']]}\n"
    for _, p in parts:
        if p.setup:
            src += "\n\n" + fill(p.setup, driver=True)

    state = {}
    for _, p in parts:
        state.update(p.state)
    converted = "tf.constant(x), tf.constant(y)" if not plan["ndarray"] else "x, y"
    src += (f"\n\ndef batch_at(i):\n    start = (i * BATCH) % N_ROWS\n"
            f"    x = DATA_X[start:start + BATCH].astype(XDTYPE)\n"
            f"    y = DATA_Y[start:start + BATCH]\n    return {converted}\n")

    body = ""
    written = [g for _, p in parts for g in p.globals_written]
    if written:
        body += f"global {', '.join(written)}\n"
    if plan["cast"]:
        body += "x = tf.cast(x, tf.float64)\n"
    body += "with tf.GradientTape() as tape:\n"
    body += _indent(f"pred = forward({m}, x)\nloss = tf.reduce_mean((pred - y) ** 2)\n", 4)
    for _, p in parts:
        body += _indent(fill(p.tape), 4)
    body += (f"variables = params({m})\ngrads = tape.gradient(loss, variables)\n"
             f"{o}.apply_gradients(zip(grads, variables))\n")
    for _, p in parts:
        body += fill(p.post)
    for _, p in parts:
        body += fill(p.ret)
    body += "return loss\n"

    if method:
        init = "self.model = make_model()\nself.opt = make_optimizer()\n"
        init += "".join(f"self.{k} = {v}\n" for k, v in state.items())
        src += ("\n\nclass Trainer:\n    def __init__(self):\n" + _indent(init, 8)
                + "\n    def step(self, x, y):\n" + _indent(body, 8)
                + "\n\nTRAINER = Trainer()\n")
        call = "TRAINER.step(x, y)"
    else:
        src += "\n\nclass State:\n    pass\n\n\nST = State()\n"
        src += "".join(f"ST.{k} = {v}\n" for k, v in state.items())
        src += "MODEL = make_model()\nOPT = make_optimizer()\n"
        src += "\n\ndef train_step(x, y):\n" + _indent(body, 4)
        call = "train_step(x, y)"

    driver = f"\n\nfor step in range({plan['steps']}):\n"
    schedule = sorted((k, fill(code, driver=True)) for f, p in parts
                      for k, code in zip(f["at"], p.mutations))
    for k, code in schedule:
        driver += f"    if step == {k}:\n        {code}\n"
    for _, p in parts:
        driver += _indent(fill(p.loop, driver=True), 4)
    driver += ("    x, y = batch_at(step)\n    try:\n"
               f"        loss = {call}\n        print(step, repr(float(loss)))\n"
               "    except Exception as exc:\n"
               "        print(step, 'raised', type(exc).__name__)\n")
    return src + driver


def step_names():
    """Qualified names the step has in JANUS_STATS."""
    return ("train_step", "Trainer.step")

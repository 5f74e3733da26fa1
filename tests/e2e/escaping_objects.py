"""Objects a step makes and lets escape: returned, stored in a global list, dict or
attribute, linked to each other and to lists the step made.  Each call must hand the
program new objects, with the identities, types and values the interpreter's have
(janus/run/executor.py rebuilds them at commit).  A __slots__ class (with a private,
name-mangled slot), a frozen dataclass, an object made in a loop, and a record kept only
when a tensor condition holds; a print shows an object as it was when printed.  A dict
keyed by a made object must stay correct.
Under janus and JANUS_MODE=off; prints one JSON document."""

import dataclasses
import json

import numpy as np
import tensorflow as tf

STEPS = 12
RNG = np.random.default_rng(3)
W = tf.Variable(RNG.normal(size=(3, 1)))
OPT = tf.keras.optimizers.SGD(0.05)


class Record:
    def __init__(self, step, loss, parent=None):
        self.step = step
        self.loss = loss
        self.parent = parent
        self.tags = []


class Slotted:
    __slots__ = ("value", "__secret")

    def __init__(self, value):
        self.value = value
        self.__secret = value * 2

    def secret(self):
        return self.__secret


@dataclasses.dataclass(frozen=True)
class Frozen:
    loss: float
    scale: float = 0.5


class State:
    pass


ST = State()
ST.last = None
HISTORY = []
BY_STEP = {}
KEYED = []


def step(x, i):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.matmul(x, W) ** 2)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    head = Record(len(HISTORY), float(loss))
    child = Record(i, loss * 2.0, parent=head)
    head.tags.append("head")
    child.tags = head.tags            # one list, shared by both
    HISTORY.append(head)
    HISTORY.append(child)
    BY_STEP["last"] = child
    ST.last = head
    return head, child


def slotted_step(x):
    loss = tf.reduce_sum(x)
    made = Slotted(float(loss))
    KEYED.append(made)
    return made


def frozen_step(x):
    loss = tf.reduce_sum(x * 3.0)
    return Frozen(float(loss))


def loop_step(x):
    made = [Record(k, tf.reduce_sum(x) * k) for k in range(3)]
    ST.batch = made
    return made[1]


class Shown:
    def __init__(self, value):
        self.value = value
        self.notes = []

    def __repr__(self):
        return f"Shown({self.value}, {self.notes})"


def printing_step(x):
    shown = Shown(1)
    print("made", shown, [shown])      # as it is now, not as the call leaves it
    shown.value = 2
    shown.notes.append("later")
    print("changed", shown)
    ST.shown = shown
    return tf.reduce_sum(x)


def keyed_step(x):
    key = Record(0, 1.0)
    return {key: tf.reduce_sum(x)}


def maybe_step(x):
    loss = tf.reduce_sum(x)
    if loss > 0.0:
        ST.best = Record(1, loss)
    return loss


results = {"identity": [], "returned": [], "slotted": [], "frozen": [], "loop": [],
           "keyed": [], "maybe": []}
for i in range(STEPS):
    x = tf.constant(RNG.normal(size=(4, 3)))
    head, child = step(x, i)
    results["identity"].append([
        head is HISTORY[-2], child is HISTORY[-1], child.parent is head,
        ST.last is head, BY_STEP["last"] is child, child.tags is head.tags,
        type(head.loss).__name__, type(child.loss).__name__,
        len({id(r) for r in HISTORY}) == len(HISTORY)])
    results["returned"].append([head.step, head.loss, float(child.loss), child.step,
                                head.tags])
    made = slotted_step(x)
    results["slotted"].append([type(made).__name__, made.value, made.secret(),
                               made is KEYED[-1], hasattr(made, "__dict__")])
    frozen = frozen_step(x)
    results["frozen"].append([type(frozen).__name__, frozen.loss, frozen.scale,
                              dataclasses.asdict(frozen)])
    got = loop_step(x)
    results["loop"].append([got is ST.batch[1], [r.step for r in ST.batch],
                            [float(r.loss) for r in ST.batch],
                            len({id(r) for r in ST.batch})])
    printing_step(x)
    results["shown"] = repr(ST.shown)
    keyed = keyed_step(x)
    results["keyed"].append([[type(k).__name__, k.step, float(v)] for k, v in keyed.items()])
    results["maybe"].append(float(maybe_step(x)))
    best = getattr(ST, "best", None)
    results["maybe"].append(None if best is None else float(best.loss))

results["history"] = [[r.step, float(r.loss), r.parent is None] for r in HISTORY]
results["W"] = W.numpy().tolist()
print(json.dumps(results))

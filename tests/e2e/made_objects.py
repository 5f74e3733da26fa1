"""Objects a step makes with a class call (docs/soundness.md#objects-the-step-makes): a
plain class whose __init__ reads a global, a dataclass with a default, a __slots__
class, a property on the made object, contextlib.suppress around a failing assertion,
and a helper object made inside a loop.  Mid-run the program changes a global the
__init__ reads, a class attribute and the __init__ itself.  An object stored outside
the call is a new one per call; a class with __del__ cannot convert and must run as
eagerly.
Under janus and JANUS_MODE=off; prints one JSON document."""

import contextlib
import dataclasses
import json

import numpy as np
import tensorflow as tf

STEPS, SWITCH = 12, 6
RNG = np.random.default_rng(5)
W = tf.Variable(RNG.normal(size=(3, 1)))
OPT = tf.keras.optimizers.SGD(0.05)
SCALE = 1.0
results = {}


def record(name, value):
    results.setdefault(name, []).append(float(value))


class Penalty:
    weight = 0.5

    def __init__(self, loss):
        self.loss = loss
        self.scaled = loss * SCALE

    def total(self):
        return self.scaled + self.weight * self.loss

    @property
    def doubled(self):
        return 2.0 * self.total()


@dataclasses.dataclass
class Terms:
    main: object
    extra: float = 0.25


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self, a, b):
        self.a = a
        self.b = b


def class_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W) ** 2)
        penalty = Penalty(loss)
        terms = Terms(penalty.doubled)
        pair = Slotted(terms.main, terms.extra)
        objective = pair.a * pair.b + terms.extra
    grads = tape.gradient(objective, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return objective


def plain_init(self, loss):
    self.loss = loss
    self.scaled = loss * 3.0


for i in range(STEPS):
    if i == SWITCH:
        SCALE = 0.5
    if i == SWITCH + 2:
        Penalty.weight = 2.0
    if i == SWITCH + 4:
        Penalty.__init__ = plain_init
    record("class", class_step(tf.constant(RNG.normal(size=(4, 3)))))

LIMIT = 1e6
SUPPRESSED = []


def suppress_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.matmul(x, W) ** 2)
        with contextlib.suppress(tf.errors.InvalidArgumentError):
            tf.debugging.assert_less(loss, tf.constant(LIMIT, tf.float64))
            SUPPRESSED.append(1)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        LIMIT = -1.0
    if i == SWITCH + 3:
        LIMIT = 1e6
    record("suppress", suppress_step(tf.constant(RNG.normal(size=(4, 3)))))
results["suppressed"] = len(SUPPRESSED)


class Accumulator:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def add(self, value):
        self.total = self.total + value
        self.count += 1


def loop_step(xs):
    acc = Accumulator()
    for x in xs:
        acc.add(tf.reduce_sum(tf.matmul(x, W)))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(W * W) + 0.0 * acc.total
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    return acc.total / acc.count


for i in range(STEPS):
    xs = [tf.constant(RNG.normal(size=(2, 3))) for _ in range(3 if i < SWITCH else 2)]
    record("loop", loop_step(xs))

KEPT = []


class Note:
    def __init__(self, value):
        self.value = value


def storing_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W))
    KEPT.append(Note(len(KEPT)))       # a new object per call, kept: eager's identity
    tape.gradient(loss, [W])
    return loss


for i in range(STEPS):
    record("storing", storing_step(tf.constant(RNG.normal(size=(2, 3)))))
results["kept"] = [note.value for note in KEPT]
results["kept_distinct"] = len({id(note) for note in KEPT})

FINALISED = []


class Finalised:
    def __init__(self, value):
        self.value = value

    def __del__(self):
        FINALISED.append(1)


def finaliser_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W)) * Finalised(2.0).value
    tape.gradient(loss, [W])
    return loss


for i in range(STEPS):
    record("finaliser", finaliser_step(tf.constant(RNG.normal(size=(2, 3)))))
results["finalised"] = len(FINALISED)
results["W"] = W.numpy().tolist()
results["iterations"] = int(OPT.iterations.numpy())
print(json.dumps(results))

"""Schedule classes built on a metaclass whose `__instancecheck__` and
`__subclasscheck__` log each call.  The step dispatches on the schedule's kind with
`isinstance(sched, Decay)`, `isinstance(sched, Schedule)`, a tuple
`isinstance(sched, (Const, Cyclic))` and `issubclass(type(sched), Decay)`.  CPython skips
`__instancecheck__` when the object's type is exactly the class asked about and calls it
otherwise (also per item of a tuple, stopping at the first match), so the log shows which
checks ran.  Between steps the loop swaps the schedule instance's `__class__` among the
kinds, and replaces the metaclass's `__instancecheck__` mid-run with one that answers
differently for one class.  Probes: metaclass `__instancecheck__`/`__subclasscheck__`
calls from isinstance/issubclass in a converted step, and their answers."""
import random

import numpy

random.seed(4912)
numpy.random.seed(4912)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4912)
rng = np.random.default_rng(4912)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)

LOG = []


class KindMeta(type):
    def __instancecheck__(cls, inst):
        LOG.append(("instcheck", cls.__name__, type(inst).__name__))
        return type.__instancecheck__(cls, inst)

    def __subclasscheck__(cls, sub):
        LOG.append(("subcheck", cls.__name__, sub.__name__))
        return type.__subclasscheck__(cls, sub)


class Schedule(metaclass=KindMeta):
    def __init__(self, base):
        self.base = base


class Const(Schedule):
    pass


class Decay(Schedule):
    pass


class StepDecay(Decay):
    pass


class Cyclic(Schedule):
    pass


SCHED = Const(0.05)
W = tf.Variable(tf.zeros((3, 1)))


def pick_lr(sched, step):
    if isinstance(sched, Decay):
        lr = sched.base / (1.0 + 0.1 * step)
    elif isinstance(sched, (Const, Cyclic)):
        lr = sched.base if step % 2 == 0 or not isinstance(sched, Cyclic) else sched.base * 0.5
    elif isinstance(sched, Schedule):
        lr = sched.base * 0.1
    else:
        lr = 0.0
    if issubclass(type(sched), Decay):
        LOG.append(("decay_family",))
    return lr


def train_step(x, y, step):
    lr = pick_lr(SCHED, step)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(lr * tape.gradient(loss, W))
    return loss, lr


for step in range(32):
    if step == 6:
        SCHED.__class__ = Decay
    if step == 10:
        SCHED.__class__ = StepDecay
    if step == 14:
        SCHED.__class__ = Cyclic
    if step == 18:
        def instcheck_cyclic_is_decay(cls, inst):
            LOG.append(("instcheck2", cls.__name__, type(inst).__name__))
            if cls is Decay and type(inst) is Cyclic:
                return True
            return type.__instancecheck__(cls, inst)
        KindMeta.__instancecheck__ = instcheck_cyclic_is_decay
    if step == 23:
        SCHED.__class__ = Schedule
    if step == 27:
        SCHED.__class__ = Const
        SCHED.base = 0.02
    n0 = len(LOG)
    i = (step * 8) % 56
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), repr(lr), LOG[n0:])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "log_len": len(LOG)}))

"""Two training steps per iteration, each wrapping its update in context managers that
print on the way out.  `step_a` uses a contextlib.ExitStack: a `print` callback, a
`contextlib.suppress(ZeroDivisionError)` and a `LOG.append` callback, so on exit they
run last-in first-out.  `step_b` uses the program's own @contextmanager (prints on
enter, catches ZeroDivisionError and prints, prints in `finally`) around
`contextlib.suppress(KeyError)`.  Both divide by `DENOM[0]` between the loss and the
update and read `RATES[PHASE]`; the loop sets DENOM[0] = 0 for steps 9-11 and 21 (the
division raises, the exit handlers run, the update is skipped) and deletes the PHASE key
from RATES at steps 15-17 (step_b's suppress(KeyError) swallows it).  Probes: the order
of output made by exit handlers relative to the body's prints, and exceptions raised
part-way through a step and suppressed by library or program context managers."""
import random

import numpy

random.seed(5619)
numpy.random.seed(5619)

import contextlib
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5619)
rng = np.random.default_rng(5619)
XS = rng.normal(size=(128, 3)).astype(np.float32)
YS = (XS[:, :1] - XS[:, 1:2] + 0.5).astype(np.float32)

DENOM = [1.0]
RATES = {"main": 0.05}
PHASE = "main"
LOG = []
WA = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
WB = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


@contextlib.contextmanager
def guarded(tag):
    print("enter", tag)
    try:
        yield
    except ZeroDivisionError:
        print("caught", tag)
    finally:
        print("leave", tag)


def step_a(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, WA) - y))
    g = tape.gradient(loss, WA)
    with contextlib.ExitStack() as stack:
        stack.callback(print, "a-exit", step)
        stack.enter_context(contextlib.suppress(ZeroDivisionError))
        stack.callback(LOG.append, ("a", step))
        print("a-body", step)
        k = 1.0 / DENOM[0]
        WA.assign_sub(0.05 * k * g)
        print("a-updated", step)
    return loss


def step_b(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.abs(tf.matmul(x, WB) - y))
    g = tape.gradient(loss, WB)
    with guarded(step):
        with contextlib.suppress(KeyError):
            lr = RATES[PHASE]
            k = 2.0 / DENOM[0]
            WB.assign_sub(lr * k * g)
            print("b-updated", step)
    return loss


for step in range(30):
    DENOM[0] = 0.0 if step in (9, 10, 11, 21) else 1.0
    if step == 15:
        del RATES["main"]
    if step == 18:
        RATES["main"] = 0.02
    i = (step * 8) % 120
    la = step_a(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    lb = step_b(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(la)), repr(float(lb)), len(LOG), LOG[-1])

print(json.dumps({"wa": [repr(float(v)) for v in WA.numpy().ravel()],
                  "wb": [repr(float(v)) for v in WB.numpy().ravel()]}))

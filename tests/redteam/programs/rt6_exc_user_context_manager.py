"""Exceptions crossing the program's own context managers inside the step. A Guard class
whose __exit__ records the exception type and suppresses it only when its class
attribute SWALLOW lists that type; a @contextlib.contextmanager "phase" that appends on
entry and in its finally; and an ExitStack with a callback. Inside the `with` blocks
the step updates a variable and then may raise (ValueError when a Python value crosses
LIMIT, ArithmeticError from float division by a Python zero). Step 12: LIMIT drops so
ValueError starts being raised inside the Guard (not suppressed: it leaves the step after
the update). Step 18: Guard.SWALLOW gains ValueError (now suppressed, the step goes on).
Step 24: DIV becomes 0.0 (ZeroDivisionError inside the phase block, escapes). Step 30:
SWALLOW gains ArithmeticError (the outer Guard now suppresses the division error, which
leaves `ratio` unbound, so the step raises UnboundLocalError at its return, after both
the W update and the ExitStack callback)."""
import contextlib
import random

import numpy as np
import tensorflow as tf

random.seed(173)
np.random.seed(173)
tf.random.set_seed(173)

rng = np.random.default_rng(211)
X = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
Y = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32"))
B = tf.Variable([0.0])

LIMIT = 1e9
DIV = 2.0
LOG = []


class Guard:
    SWALLOW = ()

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        LOG.append(f"enter {self.name}")
        return self

    def __exit__(self, et, ev, tb):
        LOG.append(f"exit {self.name} {et.__name__ if et else None}")
        return et is not None and issubclass(et, self.SWALLOW)


@contextlib.contextmanager
def phase(name):
    LOG.append(f"phase {name}")
    try:
        yield name
    finally:
        LOG.append(f"end {name}")


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    gw, gb = tape.gradient(loss, [W, B])
    with contextlib.ExitStack() as stack:
        stack.callback(LOG.append, "stack closed")
        with Guard("outer"):
            with phase("update"):
                W.assign_sub(0.05 * gw)
                ratio = float(loss) / DIV
            with Guard("inner"):
                B.assign_sub(0.05 * gb)
                if float(loss) > LIMIT:
                    raise ValueError(f"loss {float(loss):.4f} over {LIMIT}")
                LOG.append("inner done")
    return loss, ratio


for step in range(36):
    if step == 12:
        LIMIT = 1.0
    elif step == 18:
        Guard.SWALLOW = (ValueError,)
    elif step == 24:
        DIV = 0.0
    elif step == 30:
        Guard.SWALLOW = (ValueError, ArithmeticError)
    i = (step * 16) % 48
    start = len(LOG)
    try:
        loss, ratio = train_step(X[i:i + 16], Y[i:i + 16])
        print(step, repr(float(loss)), repr(ratio), LOG[start:])
    except (ValueError, ZeroDivisionError) as e:
        print(step, "raised", type(e).__name__, e, LOG[start:])
    except UnboundLocalError as e:
        print(step, "unbound", e, LOG[start:])

print("W", repr(float(tf.reduce_sum(tf.cast(W, tf.float64)))), "B", repr(float(B[0])))
print("LOG", len(LOG))

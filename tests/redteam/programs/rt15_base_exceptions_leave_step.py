"""Probe: BaseException-derived control-flow exceptions raised from inside the step by
library functions (not by a `raise` statement), after some state already landed.

On scheduled steps the step, after the optimizer update and after appending to a
history list and printing, calls `sys.exit(code)` (raises SystemExit from C),
`next(EXHAUSTED)` on an exhausted iterator made outside (raises
StopIteration), or `_thread.interrupt_main()` (schedules a KeyboardInterrupt that is
delivered at the next bytecode boundary of the main thread, i.e. inside the step right
after the call). The loop catches each (SystemExit: prints e.code; StopIteration;
KeyboardInterrupt) and continues. Eager: the update, the history entry and the print
of that step all happened before the exception. A runtime that sends the call to the
interpreter must re-run from untouched state exactly once; one that raises after its
commit or before it, or that delivers the interrupt elsewhere, leaves another state.
Mechanism: BaseExceptions (not Exception) raised by C functions mid-step, after
effects."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import _thread
import json
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1545)
rng = np.random.default_rng(1545)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
OPT = keras.optimizers.Adam(learning_rate=0.05)
HISTORY = []
EXHAUSTED = iter(())


def train_step(x, y, n):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    HISTORY.append(n)
    print("  applied", n)
    if n in (9, 21):
        sys.exit(n * 10)
    if n in (13, 25):
        next(EXHAUSTED)
    if n in (17, 27):
        _thread.interrupt_main()
        HISTORY.append(-n)
    return loss


for step in range(30):
    i = (step * 8) % 56
    try:
        loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
        print(step, repr(round(float(loss), 6)))
    except SystemExit as e:
        print(step, "SystemExit", e.code)
    except StopIteration:
        print(step, "StopIteration")
    except KeyboardInterrupt:
        print(step, "KeyboardInterrupt")

print(json.dumps({"history": HISTORY, "iterations": int(OPT.iterations.numpy()),
                  "W": [round(float(v), 6) for v in W.numpy().ravel()]}))

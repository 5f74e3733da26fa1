"""A real logging bug: in the "main" phase the step's message has one more %-field than
arguments (`"step %d main loss %.5f lr %.4f"` with two args).  logging does not raise;
Handler.handleError writes "--- Logging error ---", the traceback, and a "Call stack:"
listing the *live* frames of the program at the logging call (the module-level loop and
train_step, with their line numbers) to sys.stderr.  The loop captures sys.stderr in a
StringIO and prints the normalised frame lines after each step.  A graph that replays
the logging call at its commit emits it from janus' own frames, so the Call stack would
not show train_step at the logging line (or would show other frames).  Probes: logging's
error path, which inspects the real call stack at emission time, in a converted step."""
import io
import json
import logging
import os
import sys

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1607)
rng = np.random.default_rng(1607)

XS = rng.normal(size=(72, 5)).astype(np.float32)
YS = (np.cos(XS[:, :1]) * XS[:, 1:2]).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(6, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)

LOG = logging.getLogger("rt16.train")
_handler = logging.StreamHandler(sys.stdout)
_handler.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
LOG.addHandler(_handler)
LOG.setLevel(logging.INFO)
LOG.propagate = False

ERR = io.StringIO()
REAL_STDERR = sys.stderr
sys.stderr = ERR
PROGRAM = os.path.basename(__file__)


def train_step(x, y, step, phase):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    if phase == "warm":
        LOG.info("step %d warm loss %.5f", step, float(loss))
    else:
        LOG.info("step %d main loss %.5f lr %.4f", step, float(loss))
    return loss


def report_errors(step, seen):
    text = ERR.getvalue()[seen:]
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("File "):
            parts = s.split(",")
            fname = os.path.basename(parts[0].split('"')[1])
            if fname == PROGRAM or fname.startswith("__init__"):
                print(f"  [{step}] frame {fname}{','.join(parts[1:])}")
        elif s.startswith(("--- Logging error", "Call stack", "Message:", "Arguments:", "TypeError")):
            print(f"  [{step}] {s}")
    return len(ERR.getvalue())


seen = 0
for step in range(26):
    phase = "warm" if step < 10 or step % 4 == 0 else "main"
    i = (step * 8) % 64
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step, phase)
    seen = report_errors(step, seen)
    print(step, phase, repr(float(loss)))

sys.stderr = REAL_STDERR
print(json.dumps({
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
    "logging_errors": ERR.getvalue().count("--- Logging error ---"),
    "call_stack_mentions_train_step": ERR.getvalue().count("in train_step"),
}))

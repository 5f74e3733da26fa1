"""Text a step makes from values the graph computes
(docs/soundness.md#text-and-logs-from-graph-values): f-strings with
format specs and conversions, str()/repr() of tensors and of Python numbers the graph
computes, `+` between strings, print and logging calls, and such strings stored in
Python state.  janus formats them after the graph, from its outputs.  Printing or
formatting a tf.Variable stays in the interpreter (its value at that point of the call
is not kept).  Under janus and JANUS_MODE=off; prints its lines, then one JSON document."""

import json
import logging
import sys

import tensorflow as tf

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s",
                    stream=sys.stdout)
LOG = logging.getLogger("train")
STEPS = 10
W = tf.Variable([[0.5], [-1.0]], dtype=tf.float64)
OPT = tf.keras.optimizers.SGD(0.1)
HISTORY = []


class Status:
    last = ""


status = Status()


def text_step(x, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W) ** 2)
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    value = float(loss)
    print(f"step {step:3d}: loss={value:.4f} ({value:8.2e}) repr={value!r} tensor={loss}")
    print("loss " + str(value), str(loss), repr(value), f"{loss:.3f}")
    LOG.info("loss %.5f at step %d", value, step)
    logging.warning(f"gradient norm {float(tf.norm(grads[0])):.6f}")
    HISTORY.append(f"{value:.3f}")
    status.last = "last=" + f"{value:.2f}" + f" after {step}"
    return loss


for i in range(STEPS):
    text_step(tf.constant([[1.0, 2.0], [0.5, -0.25]], tf.float64) * (1 + i % 3), i)


def variable_print_step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.matmul(x, W))
    print("W before the update:", W)
    OPT.apply_gradients(zip(tape.gradient(loss, [W]), [W]))
    return loss


for i in range(4):
    variable_print_step(tf.constant([[1.0, 2.0]], tf.float64))

print(json.dumps({"history": HISTORY, "last": status.last, "W": W.numpy().tolist()}))

"""The step calls the program's own @tf.function `head`, whose body holds tf.print ops that
print to stdout when the function's graph RUNS, between the step's own Python prints
("pre"/"post").  At step 10 the program rebinds the global `head` to a second tf.function
(head_verbose) with two tf.prints, one of them inside a tf.cond on the data; at step 20 it
rebinds back to the first one (whose trace already exists).  Eager output interleaves
pre, the tf.print lines, post.  stdout is line-buffered so C++ and Python writes keep
their order.  Probes: the ordering of print ops inside the program's own traced functions
against the step's deferred Python output."""
import json
import sys

import numpy as np
import tensorflow as tf

sys.stdout.reconfigure(line_buffering=True)
tf.keras.utils.set_random_seed(1209)
rng = np.random.default_rng(1209)

XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [2.0]], np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((3, 1), np.float32))
LR = 0.1


@tf.function
def head_quiet(x, w):
    out = x @ w
    tf.print("  [head] mean", tf.reduce_mean(out), output_stream=sys.stdout)
    return out


@tf.function
def head_verbose(x, w):
    out = x @ w
    tf.print("  [head+] max", tf.reduce_max(out), output_stream=sys.stdout)
    if tf.reduce_mean(out) > 0.0:
        tf.print("  [head+] positive", output_stream=sys.stdout)
    else:
        tf.print("  [head+] negative", output_stream=sys.stdout)
    return out


head = head_quiet


def train_step(x, y, step):
    print("pre", step)
    with tf.GradientTape() as tape:
        pred = head(x, W)
        loss = tf.reduce_mean(tf.square(pred - y))
    g = tape.gradient(loss, W)
    W.assign_sub(LR * g)
    print("post", step)
    return loss


for step in range(30):
    if step == 10:
        head = head_verbose
    if step == 20:
        head = head_quiet
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()]}))

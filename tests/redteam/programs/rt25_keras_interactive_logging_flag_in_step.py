"""The step decides how to report itself with Keras' own switch:
`if keras.utils.is_interactive_logging_enabled(): print(...)` else it appends the loss
to a quiet log.  The switch lives in Keras' thread-local global state
(global_state "interactive_logging"), set by keras.config.disable_interactive_logging()
/ enable_interactive_logging().  At step 10 the loop disables interactive logging, at
step 18 it enables it again.  Eager reads the switch at every call.  Probes: a library
getter over Keras' thread-local global state read while the graph is built."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2504)
rng = np.random.default_rng(2504)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.3)
OPT = keras.optimizers.SGD(learning_rate=0.05)
QUIET = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    OPT.apply_gradients(zip(grads, [W]))
    if keras.utils.is_interactive_logging_enabled():
        print("  interactive: loss", float(loss))
    else:
        QUIET.append(float(loss))
    return loss


for step in range(24):
    if step == 10:
        keras.config.disable_interactive_logging()
    if step == 18:
        keras.config.enable_interactive_logging()
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), len(QUIET))

print(json.dumps({"W": [repr(float(v)) for v in W.numpy().ravel()],
                  "quiet": [repr(v) for v in QUIET]}))

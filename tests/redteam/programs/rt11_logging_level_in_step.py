"""Logging whose configuration the step itself changes between its own log calls, with
records formatted with the caller's function name and line number (findCaller) and a
program Filter that counts and tags records when they are emitted.
Inside the step: log.debug (dropped unless the level allows), then, if VERBOSE,
log.setLevel(DEBUG) before a debug record and back to INFO after it, then log.info.
Step 10: VERBOSE = True. Step 15: the handler's formatter changes. Step 20: a Filter
(program class, reads a global SEEN list) is added to the logger. Step 25:
log.disabled = True. Step 28: log.disabled = False and the filter is removed."""
import json
import logging
import sys
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(1125)
rng = np.random.default_rng(1125)
X = rng.normal(size=(64, 4)).astype("float32")
Y = (X[:, 1:2] * 2.0 - 1.0).astype("float32")

handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("%(levelname)s|%(funcName)s|%(lineno)d|%(message)s"))
log = logging.getLogger("rt11")
log.addHandler(handler)
log.setLevel(logging.INFO)
log.propagate = False

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
VERBOSE = False
SEEN = []


class Tagger(logging.Filter):
    def filter(self, record):
        SEEN.append(record.levelname)
        record.msg = "[%d] " % len(SEEN) + record.msg
        return "skip" not in record.msg


def train_step(x, y):
    log.debug("start of step")
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if VERBOSE:
        log.setLevel(logging.DEBUG)
        log.debug("verbose loss=%.6f", float(loss))
        log.setLevel(logging.INFO)
    log.info("loss %.6f", float(loss))
    log.debug("skip this one")
    return loss


tagger = Tagger()
losses = []
for step in range(32):
    if step == 10:
        VERBOSE = True
    elif step == 15:
        handler.setFormatter(logging.Formatter("%(name)s>%(funcName)s@%(lineno)d>%(message)s"))
    elif step == 20:
        log.addFilter(tagger)
    elif step == 25:
        log.disabled = True
    elif step == 28:
        log.disabled = False
        log.removeFilter(tagger)
    i = (step * 16) % 48
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    losses.append(float(loss))
    print(step, repr(float(loss)), log.level, len(SEEN))

print(json.dumps({
    "losses": losses,
    "seen": SEEN,
    "level": log.level,
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
}))

"""A co-executed step (it pulls its batch with next() from a generator made outside the
step) that calls a main Keras model and an auxiliary head, each a Keras call janus would
run as a graph site under the step's tape.  Step 10: the aux head starts being called under
`with tape.stop_recording():`, so eager records nothing for it and its gradients are None
(the step prints which gradients are None and applies only the others).  Step 20: the tape
is opened with watch_accessed_variables=False and only the main model's variables are
watched explicitly, while the aux call is recorded again: eager still gives None for the aux
variables.  Probes: co-executed sites feeding op records to a tape that is paused or that
does not watch the variables the site reads."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1225)
rng = np.random.default_rng(1225)
XS = rng.normal(size=(30, 8, 4)).astype(np.float32)
YS = (XS.sum(axis=2, keepdims=True) * 0.5).astype(np.float32)


def batches():
    for k in range(len(XS)):
        yield XS[k], YS[k]


BATCHES = batches()
MAIN = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                         keras.layers.Dense(1)])
AUX = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
VARS = MAIN.trainable_variables + AUX.trainable_variables
OPT = keras.optimizers.SGD(learning_rate=0.05)
MODE = "normal"


def train_step():
    x, y = next(BATCHES)
    x = tf.constant(x)
    y = tf.constant(y)
    explicit = MODE == "explicit"
    with tf.GradientTape(watch_accessed_variables=not explicit) as tape:
        if explicit:
            tape.watch([v.value for v in MAIN.trainable_variables])
        pred = MAIN(x)
        if MODE == "paused":
            with tape.stop_recording():
                aux = AUX(pred)
        else:
            aux = AUX(pred)
        loss = tf.reduce_mean(tf.square(pred - y)) + 0.1 * tf.reduce_mean(tf.square(aux))
    grads = tape.gradient(loss, VARS)
    none = [g is None for g in grads]
    OPT.apply_gradients([(g, v) for g, v in zip(grads, VARS) if g is not None])
    return loss, none


for step in range(30):
    if step == 10:
        MODE = "paused"
    if step == 20:
        MODE = "explicit"
    loss, none = train_step()
    print(step, repr(float(loss)), none)

print(json.dumps({"aux": [repr(float(v)) for v in AUX.layers[0].kernel.numpy().ravel()],
                  "main": [repr(float(v)) for v in MAIN.layers[-1].kernel.numpy().ravel()],
                  "iterations": int(OPT.iterations.numpy())}))

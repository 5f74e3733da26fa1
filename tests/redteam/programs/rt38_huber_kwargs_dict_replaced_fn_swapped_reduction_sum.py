"""A keras Huber loss object drives a small regression.  Mid-run the loop changes it the way
fine-tuning code pokes at library objects: step 7 replaces its kwargs dict through vars()
(delta 1.0 -> 0.3, a new dict object), step 13 writes delta into that dict in place (0.3 ->
0.6), step 19 sets reduction to "sum" with setattr, step 25 swaps its `fn` to
keras.losses.log_cosh through __dict__ (with the kwargs dict emptied in place, since
log_cosh takes no delta).  The step prints the loss object's name and its kwargs dict.
Probes: a loss object's function, kwargs dict and reduction, read by library code."""
import random

import numpy

random.seed(384)
numpy.random.seed(384)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3804)
rng = np.random.default_rng(3804)
XS = rng.normal(size=(72, 3)).astype(np.float32)
YS = (XS @ np.array([[1.5], [-2.0], [0.5]], np.float32) + rng.standard_cauchy((72, 1)).astype(np.float32) * 0.3).astype(np.float32)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"), keras.layers.Dense(1)])
LOSS = keras.losses.Huber(delta=1.0)
OPT = keras.optimizers.SGD(learning_rate=0.03)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = LOSS(y, model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    print("  loss obj", LOSS.name, LOSS.reduction, LOSS._fn_kwargs.get("delta"), len(LOSS._fn_kwargs))
    return loss


for step in range(30):
    if step == 7:
        vars(LOSS)["_fn_kwargs"] = {"delta": 0.3}
    elif step == 13:
        LOSS._fn_kwargs["delta"] = 0.6
    elif step == 19:
        setattr(LOSS, "reduction", "sum")
    elif step == 25:
        LOSS._fn_kwargs.clear()
        LOSS.__dict__["fn"] = keras.losses.log_cosh
    i = (step * 12) % 72
    loss = train_step(tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12]))
    print(step, repr(float(loss)))

print(json.dumps({
    "weights": [w.numpy().ravel().tolist() for w in model.weights],
    "fn": LOSS.fn.__name__, "kwargs": LOSS._fn_kwargs, "reduction": LOSS.reduction,
    "iterations": int(OPT.iterations),
}))

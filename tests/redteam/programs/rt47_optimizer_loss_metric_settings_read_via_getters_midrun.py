"""A step that reports and uses library settings read through operator getters:
HYPER = attrgetter("beta_1", "epsilon") (module level) on the Adam optimizer,
attrgetter("learning_rate") and attrgetter("activation.__name__") made in the step,
methodcaller("result") on a keras.metrics.Mean the step updates, and
methodcaller("get_config") on the Huber loss object, and its "delta" read with
itemgetter("delta") of attrgetter("_fn_kwargs").  Between
steps the loop changes the optimizer's beta_1 (step 6) and learning_rate (step 12,
through its property setter), the hidden layer's activation (step 17), resets the metric
(step 20), edits the Huber's delta in its kwargs dict in place (step 23), replaces the loss by a
Huber with another delta and reduction (step 25) and sets the
optimizer's clipnorm (step 27).  The step's own penalty is scaled by a Python float
computed from the getter results.  Probes: library objects' attributes changed mid-run
and read through C getter objects inside a converted step."""
import random

import numpy

random.seed(4725)
numpy.random.seed(4725)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4725)
rng = np.random.default_rng(4725)
XS = rng.normal(size=(96, 4)).astype(np.float32)
YS = (2.0 * XS[:, :1] + np.sin(XS[:, 1:2] * 3.0)).astype(np.float32)

HIDDEN = keras.layers.Dense(8, activation="tanh")
MODEL = keras.Sequential([keras.Input((4,)), HIDDEN, keras.layers.Dense(1)])
OPT = keras.optimizers.Adam(learning_rate=0.01)
LOSS = keras.losses.Huber(delta=1.0)
METRIC = keras.metrics.Mean()
HYPER = operator.attrgetter("beta_1", "epsilon")
RESULT = operator.methodcaller("result")


def train_step(x, y):
    b1, eps = HYPER(OPT)
    act = operator.attrgetter("activation.__name__")(HIDDEN)
    lr = float(operator.attrgetter("learning_rate")(OPT))
    cfg = operator.methodcaller("get_config")(LOSS)
    delta = operator.itemgetter("delta")(operator.attrgetter("_fn_kwargs")(LOSS))
    coef = (1.0 - b1) * lr * 10.0
    with tf.GradientTape() as tape:
        pred = MODEL(x)
        loss = LOSS(y, pred)
        total = loss + coef * tf.reduce_mean(tf.square(HIDDEN.kernel))
    grads = tape.gradient(total, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    METRIC.update_state(loss)
    running = RESULT(METRIC)
    print("  ", repr(b1), repr(eps), act, repr(lr), repr(delta), cfg["reduction"], repr(coef),
          repr(float(running)))
    return loss


for step in range(30):
    if step == 6:
        OPT.beta_1 = 0.5
    if step == 12:
        OPT.learning_rate = 0.004
    if step == 17:
        HIDDEN.activation = keras.activations.relu
    if step == 20:
        METRIC.reset_state()
    if step == 23:
        LOSS._fn_kwargs["delta"] = 0.25
    if step == 25:
        LOSS = keras.losses.Huber(delta=0.5, reduction="sum")
    if step == 27:
        OPT.clipnorm = 0.5
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(METRIC.count.numpy())))

print(json.dumps({
    "w": [repr(float(v)) for v in HIDDEN.kernel.numpy().ravel()[:6]],
    "head": [repr(float(v)) for v in MODEL.layers[-1].kernel.numpy().ravel()],
    "iters": int(OPT.iterations.numpy()),
}))

"""An SGD optimizer created with a float learning rate (a variable) gets its schedule
replaced mid-run through the `learning_rate` property setter: at step 8 a
CosineDecay with linear warmup (warmup_target, warmup_steps) replaces the variable; the
loop then edits the schedule object's fields in place (`warmup_target` at step 14,
`alpha` at step 18, `decay_steps` at step 22, `warmup_steps` at step 25), at step 28 a
program lambda over a one-item list replaces the schedule, and at step 32 the list item
is edited.  The step returns `OPT.learning_rate` read after the update (a tensor from
the schedule, the variable, or the Python float the lambda gives) and its type name.
Probes: optimizer `_learning_rate` replaced by objects of different kinds, schedule
fields read natively by Keras' schedule code at build time, a callable learning rate
reading program state."""
import random

import numpy

random.seed(5607)
numpy.random.seed(5607)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5607)
rng = np.random.default_rng(5607)
XS = rng.normal(size=(128, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32) + 0.3).astype(np.float32)

MODEL = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05, momentum=0.3)
SCHED = keras.optimizers.schedules.CosineDecay(0.05, decay_steps=20, alpha=0.0,
                                               warmup_target=0.1, warmup_steps=14)
LR_BOX = [0.03]


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x, training=True) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    lr = OPT.learning_rate
    return loss, lr, type(lr).__name__


for step in range(36):
    if step == 8:
        OPT.learning_rate = SCHED
    if step == 14:
        SCHED.warmup_target = 0.02
    if step == 18:
        SCHED.alpha = 0.5
    if step == 22:
        SCHED.decay_steps = 6
    if step == 25:
        SCHED.warmup_steps = 24
    if step == 28:
        OPT.learning_rate = lambda: LR_BOX[0]
    if step == 32:
        LR_BOX[0] = 0.01
    i = (step * 8) % 120
    loss, lr, kind = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(float(lr)), kind)

print(json.dumps({
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
    "out": [repr(float(v)) for v in MODEL.layers[1].kernel.numpy().ravel()],
    "iters": int(OPT.iterations.numpy()),
}))

"""SGD with a keras CosineDecay schedule (warmup_target=None at first).  The step reads
`float(opt.learning_rate)` after its update (the schedule evaluated at the new iteration
count) and returns it.  Mid-run the loop edits the schedule's Python fields: step 9 sets
warmup_target=0.12 and warmup_steps=6 (CosineDecay.__call__ takes its other Python branch,
an ops.cond between warmup and decay), step 17 sets alpha=0.3 through setattr, step 24
sets decay_steps to a float via vars(), step 27 sets warmup_target back to None.
Probes: a LearningRateSchedule's fields read by library code inside the optimizer."""
import random

import numpy

random.seed(383)
numpy.random.seed(383)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3803)
rng = np.random.default_rng(3803)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32) * 0.1, name="w")
B = tf.Variable(np.zeros((1,), np.float32), name="b")
SCHED = keras.optimizers.schedules.CosineDecay(0.08, decay_steps=20, alpha=0.0)
OPT = keras.optimizers.SGD(learning_rate=SCHED)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W + B - y))
    grads = tape.gradient(loss, [W, B])
    OPT.apply_gradients(zip(grads, [W, B]))
    return loss, float(OPT.learning_rate)


for step in range(32):
    if step == 9:
        SCHED.warmup_target = 0.12
        SCHED.warmup_steps = 6
    elif step == 17:
        setattr(SCHED, "alpha", 0.3)
    elif step == 24:
        vars(SCHED)["decay_steps"] = 25.0
    elif step == 27:
        SCHED.warmup_target = None
    i = (step * 8) % 64
    loss, lr = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), repr(lr), type(lr).__name__)

print(json.dumps({
    "W": W.numpy().ravel().tolist(), "B": B.numpy().ravel().tolist(),
    "iterations": int(OPT.iterations),
    "sched": {k: repr(v) for k, v in sorted(vars(SCHED).items())},
}))

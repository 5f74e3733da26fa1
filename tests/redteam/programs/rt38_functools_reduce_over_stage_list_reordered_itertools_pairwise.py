"""The forward pass is `functools.reduce(lambda h, f: f(h), STAGES, x)` over a module-level
list of the program's callables (closures over tf.Variables and a global GAIN), and the
step adds a smoothness penalty over `itertools.pairwise(VARS)` and a running
`itertools.accumulate` of per-stage norms.  Mid-run: step 8 reverses STAGES in place, step
14 replaces STAGES[1] with a new closure, step 19 changes GAIN, step 25 appends an extra
stage.  Probes: library builtins (functools.reduce, itertools.pairwise, accumulate) that
call or iterate the program's objects, over a list edited in place between steps."""
import random

import numpy

random.seed(401)
numpy.random.seed(401)

import functools
import itertools
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3821)
rng = np.random.default_rng(3821)
XS = rng.normal(size=(48, 4)).astype(np.float32)
YS = np.sin(XS).astype(np.float32)
VARS = [tf.Variable(rng.normal(size=(4, 4)).astype(np.float32) * 0.4, name=f"m{k}") for k in range(3)]
OPT = keras.optimizers.SGD(learning_rate=0.02)
GAIN = 1.0


def make_stage(v, act):
    def stage(h):
        return act(h @ v) * GAIN
    stage.__name__ = f"stage_{v.name.split(':')[0]}_{act.__name__}"
    return stage


STAGES = [make_stage(VARS[0], tf.tanh), make_stage(VARS[1], tf.nn.relu), make_stage(VARS[2], tf.sin)]


def train_step(x, y):
    with tf.GradientTape() as tape:
        out = functools.reduce(lambda h, f: f(h), STAGES, x)
        smooth = sum(tf.reduce_sum(tf.square(a - b)) for a, b in itertools.pairwise(VARS))
        norms = list(itertools.accumulate(tf.norm(v) for v in VARS))
        loss = tf.reduce_mean(tf.square(out - y)) + 1e-3 * smooth + 1e-4 * norms[-1]
    grads = tape.gradient(loss, VARS)
    OPT.apply_gradients(zip(grads, VARS))
    return loss, [f.__name__ for f in STAGES]


for step in range(30):
    if step == 8:
        STAGES.reverse()
    elif step == 14:
        STAGES[1] = make_stage(VARS[0], tf.nn.softsign)
    elif step == 19:
        GAIN = 0.8
    elif step == 25:
        STAGES.append(make_stage(VARS[2], tf.tanh))
    i = (step * 8) % 48
    loss, names = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), names)

print(json.dumps({"vars": [v.numpy().ravel().tolist() for v in VARS], "gain": GAIN}))

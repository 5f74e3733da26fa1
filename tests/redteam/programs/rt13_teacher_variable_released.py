"""Distillation teacher weights replaced mid-run; the old teacher variable must be freed
(weakref.finalize reports it).

The step distils from a frozen teacher projection TEACHER (a non-trainable tf.Variable
read from a global).  A resource tracker registers `weakref.finalize(TEACHER, ...)` to
report when a teacher's memory is released.  At step 10 the loop swaps in a new teacher
(`TEACHER = tf.Variable(...)`, the usual "reload teacher from a newer checkpoint"),
runs gc.collect(), and checks through a weak reference whether the old variable is
still alive.  In eager nothing else refers to it once the global is rebound: CPython
frees it at once, the finalizer prints "released teacher v1" right there, and the weak
reference is dead.  The same happens at step 20 for teacher v2.  A graph that captured
the old variable (and a cache that keeps the graph for the old guard set) keeps it
alive: the finalizer would run late (at exit) or never, and `alive` would print True.
Probes: object lifetime / identity of captured TF state after a guard miss (stale
graphs holding the program's objects).
"""
import gc
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1325)
rng = np.random.default_rng(1325)

XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, :1] * 0.8).astype(np.float32)
T_WEIGHTS = [rng.normal(size=(6, 3)).astype(np.float32) * s for s in (0.5, 0.3, 0.1)]

STUDENT = tf.Variable(tf.zeros((6, 3)))
HEAD = tf.Variable(tf.zeros((3, 1)))
OPT = keras.optimizers.SGD(learning_rate=0.05)
RELEASED = []


def make_teacher(version):
    var = tf.Variable(T_WEIGHTS[version - 1], trainable=False)
    weakref.finalize(var, RELEASED.append, version)
    weakref.finalize(var, print, f"released teacher v{version}")
    return var


TEACHER = make_teacher(1)


def train_step(x, y):
    with tf.GradientTape() as tape:
        z = x @ STUDENT
        task = tf.reduce_mean(tf.square(z @ HEAD - y))
        distill = tf.reduce_mean(tf.square(z - x @ TEACHER))
        loss = task + 0.5 * distill
    grads = tape.gradient(loss, [STUDENT, HEAD])
    OPT.apply_gradients(zip(grads, [STUDENT, HEAD]))
    return task, distill


for step in range(30):
    if step in (10, 20):
        old = weakref.ref(TEACHER)
        TEACHER = make_teacher(step // 10 + 1)
        gc.collect()
        print("old teacher alive:", old() is not None, "released:", RELEASED)
    i = (step * 8) % 88
    task, distill = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(task)), repr(float(distill)))

print(json.dumps({
    "released": RELEASED,
    "student": [repr(float(v)) for v in STUDENT.numpy().ravel()[:6]],
    "head": [repr(float(v)) for v in HEAD.numpy().ravel()],
}))

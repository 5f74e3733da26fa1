"""Label smoothing read from a contextvars.ContextVar inside the step.

Config-scoping helpers built on `contextvars` (the mechanism behind many "with
config.scope(...)" APIs) keep the current value in the interpreter's context, not in any
object's __dict__, global or cell: `SMOOTHING.get()` is a C method that looks the
variable up in the current thread's Context (a HAMT).  The step reads it once per call
and smooths the one-hot targets with it.  At step 10 the loop calls `SMOOTHING.set(0.2)`
(a new Context mapping; the ContextVar object and every global stay the same); from step
20 on it runs each call inside `contextvars.copy_context().run(...)` after setting 0.05
in that copy only, and the outer context keeps 0.2.  Eager reads the live context at
every call.  A graph that ran `.get()` once while building (a C call on a pinned object)
would keep 0.0.  Probes: state reached only through C calls on guarded objects
(contextvars), and a call made through Context.run.
"""
import contextvars
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1302)
rng = np.random.default_rng(1302)

N_CLASSES = 4
XS = rng.normal(size=(120, 5)).astype(np.float32)
LABELS = rng.integers(0, N_CLASSES, size=(120,))
YS = np.eye(N_CLASSES, dtype=np.float32)[LABELS]

SMOOTHING = contextvars.ContextVar("label_smoothing", default=0.0)

model = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(N_CLASSES),
])
opt = keras.optimizers.Adam(learning_rate=0.02)
SEEN = []


def train_step(x, y):
    eps = SMOOTHING.get()
    target = y * (1.0 - eps) + eps / N_CLASSES
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(target, logits))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    SEEN.append(eps)
    return loss


def scoped_call(x, y):
    SMOOTHING.set(0.05)
    return train_step(x, y)


for step in range(30):
    if step == 10:
        SMOOTHING.set(0.2)
    i = (step * 12) % 108
    x, y = tf.constant(XS[i:i + 12]), tf.constant(YS[i:i + 12])
    if step >= 20:
        loss = contextvars.copy_context().run(scoped_call, x, y)
    else:
        loss = train_step(x, y)
    print(step, repr(float(loss)), repr(SEEN[-1]), repr(SMOOTHING.get()))

print(json.dumps({
    "seen": [repr(v) for v in SEEN],
    "kernel0": [repr(float(v)) for v in model.layers[0].kernel.numpy().ravel()[:6]],
    "kernel1": [repr(float(v)) for v in model.layers[1].kernel.numpy().ravel()[:6]],
    "iterations": int(opt.iterations.numpy()),
}))

"""Label smoothing comes from a contextvars.ContextVar that the step reads with
SMOOTH.get(); the loop runs every third step inside a copied context
(`ctx.run(train_step, ...)`) in which the variable was set to another value, and
the main context's value changes at step 15.  The step also sets STEP_TAG in
whatever context it runs in, and the loop reads it back.

ContextVar.get() answers from the *current* context: inside ctx.run it is the copy's
value, outside it the main context's, although the ContextVar object and the main
context never change between those calls.  STEP_TAG.set inside ctx.run lands in the
copy, not in the main context.  A graph guarded on the value seen in one context, or
that replayed the set in the caller's context after the call, would smooth with the
wrong value on the ctx.run steps or leave STEP_TAG wrong; the losses, weights and the
tags in the JSON would differ.
Probes: values that depend on the current contextvars Context."""
import contextvars
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(2626)
rng = np.random.default_rng(2626)

XS = rng.normal(size=(96, 6)).astype(np.float32)
LABELS = rng.integers(0, 3, size=96)
YS = np.eye(3, dtype=np.float32)[LABELS]
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(3)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
SMOOTH = contextvars.ContextVar("smooth", default=0.0)
STEP_TAG = contextvars.ContextVar("step_tag", default="none")


def train_step(x, y, tag):
    s = SMOOTH.get()
    y_s = y * (1.0 - s) + s / 3.0
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(y_s, logits))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    STEP_TAG.set(tag)
    return loss, s


tags_seen = []
for step in range(30):
    if step == 15:
        SMOOTH.set(0.05)
    i = (step * 8) % 88
    x, y = tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])
    if step % 3 == 2:
        ctx = contextvars.copy_context()
        ctx.run(SMOOTH.set, 0.3)
        loss, s = ctx.run(train_step, x, y, "copy")
        tags_seen.append([ctx[STEP_TAG], STEP_TAG.get()])
        del ctx
    else:
        loss, s = train_step(x, y, "main")
        tags_seen.append(["-", STEP_TAG.get()])
    print(step, repr(float(loss)), s, tags_seen[-1])

print(json.dumps({
    "kernel": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:9]],
    "tags": tags_seen,
    "smooth_main": SMOOTH.get(),
    "iterations": int(OPT.iterations.numpy()),
}))

"""Probe: a training step written as a coroutine (async def) and driven by hand with
.send(), awaiting a custom awaitable that suspends it in the middle.

`step_coro(x, y)` is an `async def`: it computes the forward pass under a tape, then
`await Checkpoint("mid")` (an awaitable whose __await__ is a generator that yields the
tag to the driver and receives a scale back), then finishes the update with the scale
and returns the loss. The driver `run()` (a plain function, the one called each step)
creates the coroutine, `send(None)`s it to the checkpoint, appends the yielded tag to a
log, sends the scale (which depends on a Python counter the driver bumps), and catches
StopIteration to get the loss from `e.value`. Eager suspends and resumes the coroutine
frame around the await. A runtime that inlines the coroutine as a plain function, or
cannot resume it, computes with another scale or loses the log. Mechanism: coroutine
objects, await, and StopIteration.value as the control flow of a training step."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1537)
rng = np.random.default_rng(1537)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(6, activation="tanh"),
                          keras.layers.Dense(1)])
opt = keras.optimizers.SGD(learning_rate=0.05)
TAGS = []
COUNT = [0]


class Checkpoint:
    def __init__(self, tag):
        self.tag = tag

    def __await__(self):
        scale = yield self.tag
        return scale


async def step_coro(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    scale = await Checkpoint("mid")
    opt.apply_gradients([(g * scale, v) for g, v in zip(grads, model.trainable_variables)])
    return loss


def run(x, y):
    COUNT[0] += 1
    coro = step_coro(x, y)
    tag = coro.send(None)
    TAGS.append(f"{tag}{COUNT[0]}")
    scale = 0.5 if COUNT[0] % 3 == 0 else 1.0
    try:
        coro.send(scale)
    except StopIteration as e:
        return e.value, scale
    raise RuntimeError("coroutine did not finish")


for step in range(28):
    i = (step * 8) % 56
    loss, scale = run(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)), scale, TAGS[-1])

print(json.dumps({"tags": len(TAGS),
                  "w": [round(float(v), 6) for v in model.trainable_variables[0].numpy().ravel()[:8]],
                  "iterations": int(opt.iterations.numpy())}))

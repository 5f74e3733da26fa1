"""An asyncio training service: `async def train_step(x, y)` runs the tape and the update,
awaits `asyncio.sleep(0)` between the gradient and the update (yielding to a concurrent
logger task that drains a queue), puts a record on an `asyncio.Queue`, and returns the
loss.  `main()` awaits the step 30 times (the batch comes from an async generator), and
the logger task prints the records in the order the event loop runs it.  At step 14 the
loop rebinds the global CLIP the step reads.  Probes: a training step that is a
coroutine function (its frame suspended at an await between gradient and update, with
another task running in between), Keras calls made from it, and output ordered by the
event loop."""
import random

import numpy

random.seed(557)
numpy.random.seed(557)

import asyncio
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(557)
rng = np.random.default_rng(557)
XS = rng.normal(size=(160, 5)).astype(np.float32)
YS = (XS[:, :1] ** 2 - XS[:, 4:5]).astype(np.float32)

MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(0.03, momentum=0.8)
CLIP = 5.0
QUEUE = None
CALLS = {"n": 0}


async def train_step(x, y):
    CALLS["n"] += 1
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    grads, norm = tf.clip_by_global_norm(grads, CLIP)
    await asyncio.sleep(0)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    await QUEUE.put((CALLS["n"], float(norm)))
    return loss


async def batches(n):
    for step in range(n):
        i = (step * 8) % 152
        yield step, tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8])


async def logger():
    while True:
        item = await QUEUE.get()
        if item is None:
            return
        print("  log", item[0], repr(item[1]))


async def main():
    global QUEUE, CLIP
    QUEUE = asyncio.Queue()
    task = asyncio.create_task(logger())
    async for step, x, y in batches(30):
        if step == 14:
            CLIP = 1.0
        loss = await train_step(x, y)
        print(step, repr(float(loss)))
    await QUEUE.put(None)
    await task


asyncio.run(main())
print(json.dumps({"k": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:6]],
                  "calls": CALLS["n"]}))

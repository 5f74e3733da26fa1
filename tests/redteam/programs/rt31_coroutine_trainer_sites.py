"""A training coroutine: trainer() is a generator that receives batches through
send(), runs tape, model, loss, optimizer and a metric on each, and yields the loss
and a zlib.crc32 of the batch.  It keeps a running Python list of losses in its
frame and changes its own training flag (dropout on) after 10 batches; the loop
throws a custom exception into it at step 18 which the coroutine catches to reset
its metric.  Probes: sites whose calling frame is a suspended-and-resumed
generator, state kept in that frame across sites."""
import random

import numpy

random.seed(58)
numpy.random.seed(58)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5801)
rng = np.random.default_rng(5801)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = np.argmax(XS[:, :3], axis=1).astype(np.int32)

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(12, activation="relu"),
                          keras.layers.Dropout(0.3, seed=5), keras.layers.Dense(3)])
xent = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
acc = keras.metrics.SparseCategoricalAccuracy()
opt = keras.optimizers.RMSprop(0.01)


class ResetMetrics(Exception):
    pass


def trainer():
    history = []
    training = False
    out = None
    while True:
        try:
            x, y = yield out
        except ResetMetrics:
            acc.reset_state()
            out = ("reset", len(history))
            continue
        with tf.GradientTape() as tape:
            logits = model(x, training=training)
            loss = xent(y, logits)
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        acc(y, logits)
        history.append(float(loss))
        if len(history) == 10:
            training = True
        out = (loss, zlib.crc32(x.tobytes()) % 9000, len(history))


gen = trainer()
next(gen)
for step in range(30):
    if step == 18:
        print("throw", gen.throw(ResetMetrics()))
    i = (step * 8) % 56
    loss, crc, n = gen.send((XS[i:i + 8], YS[i:i + 8]))
    print(step, repr(float(loss)), crc, n, repr(float(acc.result())))
gen.close()

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "acc": [v.numpy().tolist() for v in acc.variables],
}))

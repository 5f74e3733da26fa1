"""A Trainer keeps its bookkeeping as plain instance attributes and the step reaches them
two ways: it writes `self.steps += 1` then reads `vars(self)["steps"]`, and it writes
`self.__dict__["ema"] = ...` then reads `self.ema` (attribute) to scale the gradient; it
also bumps a class counter `Trainer.total += 1` and reads it back through
`type(self).__dict__["total"]`.  All of these name one storage: in eager each read sees
the write just made.  A graph that defers attribute writes and dict item writes
separately (and reads the instance dict or the class mappingproxy from the heap at call
time) would read the values from before the call.  Probes: aliasing between attribute
access and the instance/class namespace dicts inside a converted step."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1610)
rng = np.random.default_rng(1610)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :1] * 2.0 - XS[:, 1:2]).astype(np.float32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation="tanh"), keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)


class Trainer:
    total = 0

    def __init__(self):
        self.steps = 0
        self.ema = 1.0
        self.seen_steps = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        self.steps += 1
        seen = vars(self)["steps"]
        self.seen_steps.append(seen)
        self.__dict__["ema"] = 0.8 * self.ema + 0.2 * float(loss)
        scale = 1.0 / (1.0 + self.ema)
        Trainer.total += 1
        total_seen = type(self).__dict__["total"]
        OPT.apply_gradients(zip([g * scale for g in grads], model.trainable_variables))
        print(f"step seen {seen} total seen {total_seen} ema {self.ema!r} scale {scale!r}")
        return loss


tr = Trainer()
for step in range(30):
    i = (step * 8) % 88
    loss = tr.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), tr.steps, Trainer.total)

print(json.dumps({
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()],
    "steps": tr.steps,
    "ema": repr(tr.ema),
    "seen_steps": tr.seen_steps,
    "total": Trainer.total,
    "iterations": int(OPT.iterations.numpy()),
}))

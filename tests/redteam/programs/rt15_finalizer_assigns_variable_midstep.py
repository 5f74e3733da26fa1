"""Probe: a weakref.finalize callback that fires in the middle of the step (when the
step overwrites the last reference to an object) and assigns a tf.Variable that the
rest of the same step reads.

`trainer.slot` holds a Ticket object; tickets are made outside the step (a pool
prepared before training) and each has a finalizer registered outside the step that
multiplies the TEMP variable by 0.97, appends to a log and prints. The step does
`trainer.slot = POOL[n]` first (dropping the last reference to the previous ticket, so
in eager its finalizer runs right there, before the forward pass), then computes the
loss with `logits / TEMP` and applies gradients, then prints. So eager's loss at step n
uses TEMP already decayed n times, and the finalizer's print comes before the step's
print. A graph that reads TEMP at the start of the call and lets the old ticket die at
commit (after the graph) computes with a stale TEMP and orders the output differently.
Mechanism: object death inside the step with an effect on TF state read later in the
same step."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import weakref

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1524)
rng = np.random.default_rng(1524)
XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, :3].argmax(axis=1)).astype(np.int32)

model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3)])
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = keras.optimizers.SGD(learning_rate=0.2)
TEMP = tf.Variable(2.0)
DIED = []


class Ticket:
    def __init__(self, n):
        self.n = n


def on_death(n):
    TEMP.assign(TEMP * 0.97)
    DIED.append(n)
    print("  ticket", n, "released; TEMP ->", round(float(TEMP.numpy()), 6))


class Trainer:
    def __init__(self):
        self.slot = None


POOL = [Ticket(n) for n in range(40)]
for t in POOL:
    weakref.finalize(t, on_death, t.n)
del t
trainer = Trainer()


def train_step(x, y, n):
    trainer.slot = POOL[n]
    POOL[n] = None
    with tf.GradientTape() as tape:
        logits = model(x) / TEMP
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    print("  step body done", n)
    return loss


for step in range(30):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(round(float(loss), 6)), "TEMP", round(float(TEMP.numpy()), 6))

trainer.slot = None
POOL.clear()
print(json.dumps({"died": DIED, "temp": round(float(TEMP.numpy()), 6),
                  "w": [round(float(v), 6) for v in model.trainable_variables[0].numpy().ravel()[:6]]}))

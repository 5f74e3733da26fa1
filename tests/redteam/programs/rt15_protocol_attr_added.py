"""Probe: isinstance() against a typing.runtime_checkable Protocol, whose answer depends
on which attributes the object has, when the object gains and loses one mid-run.

`HasTemperature` is a runtime-checkable Protocol with one data member, `temperature`.
The step scales the logits by 1/obj.temperature only when `isinstance(cfg,
HasTemperature)`. `cfg` is a plain object that has no `temperature` at first; at step
8 the loop sets `cfg.temperature = 2.0` (an instance attribute appears: the object's
identity and class are unchanged), at step 15 changes it to 0.5, at step 22 deletes it.
Eager's isinstance (typing's _ProtocolMeta.__instancecheck__, which calls hasattr on
each protocol member) flips with the attribute. A graph that answered isinstance from
the guarded class, or guarded only the attribute's value and not its absence, diverges.
Mechanism: isinstance answered by library Python that probes instance attributes."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import json
import typing

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1513)
rng = np.random.default_rng(1513)
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = (XS[:, 0] + XS[:, 1] > 0).astype(np.int64) + (XS[:, 2] > 0.5).astype(np.int64)

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(3)])
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = keras.optimizers.SGD(learning_rate=0.1)


@typing.runtime_checkable
class HasTemperature(typing.Protocol):
    temperature: float


class Config:
    pass


cfg = Config()


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x)
        if isinstance(cfg, HasTemperature):
            logits = logits / cfg.temperature
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 8:
        cfg.temperature = 2.0
    if step == 15:
        cfg.temperature = 0.5
    if step == 22:
        del cfg.temperature
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)), isinstance(cfg, HasTemperature))

print(json.dumps({"w": [round(float(v), 6) for v in model.trainable_variables[0].numpy().ravel()[:8]]}))

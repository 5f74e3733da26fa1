"""Probe: isinstance() against an ABC whose virtual-subclass registry changes mid-run.

The step asks `isinstance(aux, Regularizing)` where Regularizing is an abc.ABC, and adds
an auxiliary penalty only when it is true; it also asks `issubclass(type(sched),
Decaying)` where Decaying's __subclasshook__ reads a global switch. At step 9 the loop
calls `Regularizing.register(L2Aux)` (the class of `aux`, whose identity and type never
change); at step 17 it flips the global the subclass hook reads and registers an unrelated
class with Decaying (which bumps ABCMeta's cache token, so the negative cache that held
"Sched is not Decaying" is dropped and the hook runs again). Eager's answer changes at those steps; a build that answered
isinstance at build time from the object's (guarded) class alone keeps the old answer.
Mechanism: ABCMeta.__instancecheck__ / __subclasshook__ state (registries, caches) that
lives outside the object being tested."""
import os
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import abc
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1512)
rng = np.random.default_rng(1512)
XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))
OPT = keras.optimizers.SGD(learning_rate=0.05)
HOOK_ON = [False]


class Regularizing(abc.ABC):
    pass


class Decaying(abc.ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if HOOK_ON[0] and hasattr(C, "decay"):
            return True
        return NotImplemented


class L2Aux:
    coef = 0.05


class Sched:
    decay = 0.9


class Unrelated:
    pass


aux = L2Aux()
sched = Sched()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
        if isinstance(aux, Regularizing):
            loss = loss + aux.coef * tf.reduce_sum(tf.square(W))
    g = tape.gradient(loss, W)
    lr_mult = sched.decay if issubclass(type(sched), Decaying) else 1.0
    OPT.apply_gradients([(g * lr_mult, W)])
    return loss, lr_mult


for step in range(30):
    if step == 9:
        Regularizing.register(L2Aux)
    if step == 17:
        HOOK_ON[0] = True
        Decaying.register(Unrelated)
    i = (step * 8) % 56
    loss, mult = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(round(float(loss), 6)), isinstance(aux, Regularizing), mult)

print(json.dumps({"W": [round(float(v), 6) for v in W.numpy().ravel()]}))

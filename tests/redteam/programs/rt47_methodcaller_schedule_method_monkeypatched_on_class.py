"""A learning-rate policy object is asked for its factor through operator.methodcaller:
one made once at module level (FACTOR = methodcaller("factor", 2)) and one made inside
the step with a keyword (methodcaller("factor", step, warm=...)), plus
methodcaller("describe") whose str result is printed.  Mid-run the class's `factor`
method is replaced on the class (step 9), a subclass instance replaces the policy
(step 15), an instance attribute shadows the method with a plain function (step 21), and
the shadowing attribute is deleted (step 27), so each call must find the method that is
current.  The factor (a Python float) scales the gradients.  Probes: methodcaller's
attribute lookup at call time on a monkeypatched class/instance inside a converted
step, and reprs of methodcaller objects."""
import random

import numpy

random.seed(4709)
numpy.random.seed(4709)

import json
import operator

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4709)
rng = np.random.default_rng(4709)
XS = rng.normal(size=(80, 5)).astype(np.float32)
YS = (XS[:, :2].prod(axis=1, keepdims=True) + XS[:, 4:]).astype(np.float32)


class Policy:
    base = 1.0

    def factor(self, step, warm=4):
        return self.base * min(1.0, (step + 1) / warm)

    def describe(self):
        return "policy(base=%r)" % self.base


class DecayPolicy(Policy):
    def factor(self, step, warm=4):
        return super().factor(step, warm) * 0.9 ** step


def patched_factor(self, step, warm=4):
    return 0.5 * self.base + 0.01 * warm


MODEL = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="tanh"),
                          keras.layers.Dense(1)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
POLICY = Policy()
FACTOR = operator.methodcaller("factor", 2)
DESCRIBE = operator.methodcaller("describe")
CALLS = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(MODEL(x) - y))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    local = operator.methodcaller("factor", step, warm=6)
    f1 = FACTOR(POLICY)
    f2 = local(POLICY)
    OPT.apply_gradients(zip([g * (f1 * f2) for g in grads], MODEL.trainable_variables))
    CALLS.append(repr(local))
    print("  ", repr(f1), repr(f2), DESCRIBE(POLICY), repr(local))
    return loss


for step in range(32):
    if step == 9:
        Policy.factor = patched_factor
    if step == 12:
        Policy.base = 0.8
    if step == 15:
        POLICY = DecayPolicy()
    if step == 21:
        POLICY.factor = lambda step, warm=4: 0.3 + 0.0 * warm
    if step == 27:
        del POLICY.factor
    i = (step * 8) % 72
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)), repr(float(MODEL.layers[1].kernel.numpy()[0, 0])))

print(json.dumps({
    "calls": CALLS[-3:],
    "w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[:8]],
}))

"""Probes: an exception whose message is formatted from graph values, caught in the step.

The contract routes exceptions raised on Python conditions through the handler in the
graph, and answers str(e)/repr(e)/type(e) "as in eager (BaseException's own code on
Python constants; an exception holding a tensor is refused)".  Here the exception
holds neither a constant nor a tensor but text the graph formats:
`raise LossAlarm(f"loss={float(loss):.6f} at call {self.calls}")`, raised whenever a
Python flag is set (the loop sets ALARM["on"] for steps 10-19).  The handler stores
str(e) and repr(e), counts it, and the step goes on to update the weights.  Eager's
str(e) is the formatted message, repr(e) is "LossAlarm('loss=...')"."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1833)
rng = np.random.default_rng(1833)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)
ALARM = {"on": False}


class LossAlarm(Exception):
    pass


class Trainer:
    def __init__(self):
        self.calls = 0
        self.alarms = 0
        self.messages = []
        self.reprs = []

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(x @ W - y))
        g = tape.gradient(loss, W)
        try:
            if ALARM["on"]:
                raise LossAlarm(f"loss={float(loss):.6f} at call {self.calls}")
        except LossAlarm as e:
            self.alarms += 1
            self.messages.append(str(e))
            self.reprs.append(repr(e))
        OPT.apply_gradients([(g, W)])
        self.calls += 1
        return loss


TR = Trainer()
for step in range(30):
    ALARM["on"] = 10 <= step < 20
    i = (step * 8) % 56
    loss = TR.step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), TR.alarms, TR.messages[-1] if TR.messages else "-")

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "alarms": TR.alarms,
    "messages": TR.messages,
    "reprs": TR.reprs,
    "calls": TR.calls,
}))

"""A run configuration object whose `__str__`, `__repr__` and `__format__` each bump a
render counter and include it in their text, so every extra or missing call shows in
the printed output.  The step prints the config with `print(cfg)`, an f-string with a
custom spec (`f"{cfg:lr}"`), `{cfg!r}`, `%s`/`%r` formatting, `str.format` and `format()`,
and stores one rendered string in the config's history.  The loop changes fields between
steps and replaces `__format__` on the class mid-run.
Probes: the number and order of user `__str__`/`__repr__`/`__format__` calls made by
print, f-strings and %-formatting inside a converted step."""
import random

import numpy

random.seed(4906)
numpy.random.seed(4906)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4906)
rng = np.random.default_rng(4906)
XS = rng.normal(size=(64, 3)).astype(np.float32)
YS = (XS[:, :1] - 0.5 * XS[:, 2:]).astype(np.float32)


class RunConfig:
    def __init__(self, lr, name):
        self.lr = lr
        self.name = name
        self.renders = 0
        self.history = []

    def __str__(self):
        self.renders += 1
        return f"<{self.name} lr={self.lr} #{self.renders}>"

    def __repr__(self):
        self.renders += 1
        return f"RunConfig({self.lr!r}, {self.name!r})#{self.renders}"

    def __format__(self, spec):
        self.renders += 1
        if spec == "lr":
            return f"{self.lr:.3f}#{self.renders}"
        return f"{self.name}:{spec}#{self.renders}"


CFG = RunConfig(0.1, "base")
W = tf.Variable(tf.zeros((3, 1)))


def train_step(x, y, cfg, step):
    print(cfg)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(cfg.lr * g)
    print(f"step {step} lr {cfg:lr} cfg {cfg!r}")
    print("pct %s / %r" % (cfg, cfg))
    line = "fmt {} {:tag}".format(cfg, cfg)
    cfg.history.append(format(cfg, "h"))
    print(line)
    return loss


for step in range(24):
    if step == 8:
        CFG.lr = 0.05
        CFG.name = "decay"
    if step == 13:
        def format_plain(self, spec):
            self.renders += 10
            return f"plain[{spec}]{self.renders}"
        RunConfig.__format__ = format_plain
    if step == 18:
        CFG.renders = 0
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), CFG, step)
    print(step, repr(float(loss)), CFG.renders, CFG.history[-1])

print(json.dumps({"w": [repr(float(v)) for v in W.numpy().ravel()], "renders": CFG.renders,
                  "hist": CFG.history[-5:]}))

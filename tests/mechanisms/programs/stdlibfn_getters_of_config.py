"""operator.itemgetter and attrgetter objects the program made read its configuration in
the step (`LR_AND_SCALE(CFG)`, a dotted `attrgetter("opt.lr")`): each read is guarded
where it is made, so a change to the dict, to the object, or rebinding the getter
mid-run builds again."""
import json
import operator
import random
import types

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(31)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))
CFG = {"lr": 0.05, "scale": 2.0}
RUN = types.SimpleNamespace(opt=types.SimpleNamespace(lr=0.5, momentum=0.9))
LR_AND_SCALE = operator.itemgetter("lr", "scale")
FACTOR = operator.attrgetter("opt.lr")


def train_step(x):
    lr, scale = LR_AND_SCALE(CFG)
    factor = FACTOR(RUN)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ w)) * scale
    w.assign_sub(lr * factor * tape.gradient(loss, w))
    return loss, factor


for i in range(30):
    if i == 8:
        CFG["lr"] = 0.02
    if i == 14:
        RUN.opt.lr = 0.25
    if i == 20:
        FACTOR = operator.attrgetter("opt.momentum")
    loss, factor = train_step(tf.constant(rng.normal(size=(4, 3)).astype(np.float32)))
    print(i, repr(float(loss)), factor)
print(json.dumps([repr(float(v)) for v in w.numpy().ravel()]))

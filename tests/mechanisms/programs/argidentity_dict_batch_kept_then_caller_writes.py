"""The step keeps the caller's dict of features (and a list of names) for a later
report; the caller then writes new items into the same dict and list.  Eagerly the
kept objects are the caller's, so the report sees those writes.  A dict or list
argument the step only reads stands for the caller's object when stored."""
import json
import random

import numpy as np
import tensorflow as tf

random.seed(0)
np.random.seed(0)
rng = np.random.default_rng(62)
w = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32))


class Report:
    features = None
    names = None


REPORT = Report()


def train_step(features, names):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(features["x"] @ w - features["y"]))
    w.assign_sub(0.05 * tape.gradient(loss, w))
    REPORT.features = features
    REPORT.names = names
    return loss


for i in range(30):
    features = {"x": tf.constant(rng.normal(size=(4, 3)).astype(np.float32)),
                "y": tf.constant(rng.normal(size=(4, 1)).astype(np.float32))}
    names = ["x", "y"]
    loss = train_step(features, names)
    features["step"] = i                 # the caller writes after the step
    names.append(f"step{i}")
    print(i, repr(float(loss)), REPORT.features is features, sorted(REPORT.features),
          REPORT.features.get("step"), REPORT.names)
print(json.dumps(w.numpy().ravel().tolist()))

"""Per-group learning rates in a dict: the step walks `sorted(GROUP_LR.items())` and
scales each by `max(GROUP_LR.values())` (a normaliser), and returns `tuple(GROUP_LR)`.
The loop changes a rate, swaps which group is largest and inserts a group whose name
sorts first, so both the order and the normaliser change."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(5)

rng = np.random.default_rng(5)
XS = rng.normal(size=(80, 3)).astype(np.float32)
YS = (XS @ np.array([[1.0], [-2.0], [0.5]], np.float32)).astype(np.float32)
VARS = {"bias": tf.Variable(np.zeros((1,), np.float32)),
        "kernel": tf.Variable(np.zeros((3, 1), np.float32))}
GROUP_LR = {"kernel": 0.1, "bias": 0.05}
ORDER = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ VARS["kernel"] + VARS["bias"] - y))
    grads = dict(zip(VARS, tape.gradient(loss, list(VARS.values()))))
    top = max(GROUP_LR.values())
    for name, lr in sorted(GROUP_LR.items()):
        if name in VARS:
            VARS[name].assign_sub(lr / top * 0.1 * grads[name])
        ORDER.append(name)
    return loss, tuple(GROUP_LR)


for step in range(28):
    if step == 7:
        GROUP_LR["bias"] = 0.3
    if step == 14:
        GROUP_LR["aux"] = 0.01
    if step == 20:
        GROUP_LR["kernel"] = 0.6
    i = (step * 8) % 72
    loss, names = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), names, len(ORDER))
print(json.dumps({k: v.numpy().ravel().tolist() for k, v in VARS.items()}))

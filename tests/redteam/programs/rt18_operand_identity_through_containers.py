"""Probes: identity of a computed float passed through containers and back.

Reading back the attribute just stored (`BOX.v`) and a Python-flag conditional
expression give the object itself; `(v, n)[0]`, `[v, w][0]`, `{"a": v}["a"]`, `[v][-1]`
and `((v,) * 1)[0]` hand back the item that was put in.  By contrast `sum([v])` makes a
new float (0 + v), so it is never v.  The step computes a loss float v (a fresh value
at every call) and stores each of these results beside v; the loop records
`result is v` per step (eager: True for all but sum).  The contract promises "one copy
per value" for what a call stores, and that a result that is one of its operands stays
that object.  From step 12 a flag makes v come through a helper function, from step 20
the tuple gets a third item.  (`v or 1.0`, `v and v`, sorted() and min()/max() of a
sequence are truth tests on graph values, refused by janus, so they are left out.)"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1847)
rng = np.random.default_rng(1847)

XS = rng.normal(size=(64, 5)).astype(np.float32)
YS = (XS @ rng.normal(size=(5, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(rng.normal(size=(5, 1)).astype(np.float32) * 0.2)
OPT = keras.optimizers.SGD(learning_rate=0.04)
FLAGS = {"helper": False, "triple": False}
NAMES = ["reread_attr", "python_ternary", "tuple_item", "list_item", "dict_item", "list_last", "repeat_tuple_item", "sum_list"]


class Box:
    pass


BOX = Box()


def scaled(loss):
    return float(loss) * 2.0


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    OPT.apply_gradients([(g, W)])
    v = scaled(loss) if FLAGS["helper"] else float(loss) * 2.0
    BOX.v = v
    BOX.r_or = BOX.v
    BOX.r_and = v if FLAGS["helper"] else BOX.v
    t = (v, 3, 4) if FLAGS["triple"] else (v, 3)
    BOX.r_tuple = t[0]
    BOX.r_list = [v, v * 0.5][0]
    BOX.r_dict = {"a": v, "b": 1}["a"]
    BOX.r_sorted = [v][-1]
    BOX.r_max = (v,) * 1
    BOX.r_max = BOX.r_max[0]
    BOX.r_sum = sum([v])
    return loss


counts = {n: 0 for n in NAMES}
for step in range(30):
    if step == 12:
        FLAGS["helper"] = True
    if step == 20:
        FLAGS["triple"] = True
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    res = [BOX.r_or, BOX.r_and, BOX.r_tuple, BOX.r_list, BOX.r_dict, BOX.r_sorted, BOX.r_max, BOX.r_sum]
    flags = [r is BOX.v for r in res]
    for n, f in zip(NAMES, flags):
        counts[n] += int(f)
    print(step, repr(float(loss)), repr(BOX.v), "".join("1" if f else "0" for f in flags))

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "is_v_counts": counts,
}))

"""Every call the step builds small immutable values from module configuration and keeps
them: a run tag f"{PHASE}:{EPOCH}", an effective LR `LR * SCALE`, a key tuple (PHASE,
EPOCH) and a big int `BASE ** 3`, each built twice in the call.  In eager these are
fresh objects at every evaluation: two evaluations in one call are never the same object
(`tag is tag2` is False), and consecutive calls never hand back the same object.  A
graph that folded them into build-time constants would hand the program one cached
object per build (True for `is`, repeated identity across calls), while equality and
values stay right.  The JSON counts identity coincidences and checks the stored types.
Probes: identity of immutable values computed from guarded constants."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1612)
rng = np.random.default_rng(1612)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ np.array([[0.3], [0.2], [-0.4], [1.0]], np.float32)).astype(np.float32)
W = tf.Variable(tf.zeros([4, 1]))
OPT = keras.optimizers.SGD(learning_rate=0.1)

PHASE = "warm"
EPOCH = 0
LR = 0.25
SCALE = 0.4
BASE = 1237
TAGS, LRS, KEYS, BIGS, SAME_IN_CALL = [], [], [], [], []


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    grads = tape.gradient(loss, [W])
    tag = f"{PHASE}:{EPOCH}"
    tag2 = f"{PHASE}:{EPOCH}"
    lr_eff = LR * SCALE
    lr_eff2 = LR * SCALE
    key = (PHASE, EPOCH)
    key2 = (PHASE, EPOCH)
    big = BASE ** 3
    big2 = BASE ** 3
    TAGS.append(tag)
    LRS.append(lr_eff)
    KEYS.append(key)
    BIGS.append(big)
    SAME_IN_CALL.append([tag is tag2, lr_eff is lr_eff2, key is key2, big is big2])
    OPT.apply_gradients([(grads[0] * lr_eff, W)])
    return loss


def consecutive_same(xs):
    return sum(1 for a, b in zip(xs, xs[1:]) if a is b)


for step in range(30):
    EPOCH = step // 10
    if step == 15:
        PHASE = "main"
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), TAGS[-1], SAME_IN_CALL[-1], TAGS[-1] is TAGS[-2] if step else None)

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "consecutive_same": {"tags": consecutive_same(TAGS), "lrs": consecutive_same(LRS),
                         "keys": consecutive_same(KEYS), "bigs": consecutive_same(BIGS)},
    "same_in_call": [sum(1 for r in SAME_IN_CALL if r[k]) for k in range(4)],
    "types": sorted({type(v).__name__ for v in TAGS + LRS + KEYS + BIGS}),
    "distinct_values": [len(set(TAGS)), len(set(LRS)), len(set(KEYS)), len(set(BIGS))],
}))

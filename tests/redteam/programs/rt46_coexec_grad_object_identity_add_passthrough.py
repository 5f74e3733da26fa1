"""A co-executed step (np.random.choice on the policy's softmax picks which rows of the
batch are trained, so the step stays in the interpreter) asks one tape for the
gradients of a loss with respect to two intermediate tensors and two scalar
variables.  Eagerly, TF's AddV2 gradient hands back the very same tensor object for
both operands (`pre + 0.5` with the constant skipped, and `(core + s1) + s2` of scalars), and the ReadVariableOp/Identity gradients pass it on unchanged, so
`g_pre is g_post` and `g_s1 is g_s2` are True.  What changes mid-run: from step 13 the
offset becomes a multiplication (`pre * 1.0`), whose gradient is a new tensor, so
`g_pre is g_post` turns False.  Probes: Python identity of the gradient objects the
deferred walk's compiled chunks hand back (the contract covers identity)."""
import random

import numpy

random.seed(4602)
numpy.random.seed(4602)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4602)
rng = np.random.default_rng(4602)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = rng.normal(size=(64, 3)).astype(np.float32)
TRUNK = keras.layers.Dense(8, activation="tanh")
HEAD = keras.layers.Dense(3)
TRUNK(XS[:1])
HEAD(np.zeros((1, 8), np.float32))
S1 = tf.Variable(0.25, name="s1")
S2 = tf.Variable(-0.5, name="s2")
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"mul_offset": False}
SEEN = []


def train_step(x, y):
    logits = TRUNK(x)[:, 0]
    probs = tf.nn.softmax(logits).numpy().astype(np.float64)
    probs = probs / probs.sum()
    rows = np.random.choice(len(probs), size=4, replace=False, p=probs)
    xb = tf.gather(x, rows)
    yb = tf.gather(y, rows)
    with tf.GradientTape() as tape:
        pre = TRUNK(xb)
        if STATE["mul_offset"]:
            post = pre * 1.0
        else:
            post = pre + 0.5
        out = HEAD(post)
        core = tf.reduce_mean(tf.square(out - yb))
        mid = core + S1
        loss = mid + S2
    sources = [pre, post, S1, S2] + TRUNK.trainable_variables + HEAD.trainable_variables
    grads = tape.gradient(loss, sources)
    g_pre, g_post, g_s1, g_s2 = grads[:4]
    OPT.apply_gradients(zip(grads[2:], sources[2:]))
    SEEN.append((g_pre is g_post, g_s1 is g_s2))
    return loss, g_pre, g_post, g_s1, g_s2, rows


for step in range(28):
    if step == 13:
        STATE["mul_offset"] = True
    i = (step * 8) % 56
    loss, g_pre, g_post, g_s1, g_s2, rows = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), g_pre is g_post, g_s1 is g_s2, g_pre is g_s1,
          repr(float(g_pre[1, 2])), repr(float(g_post[3, 7])), repr(float(g_s1)), repr(float(g_s2)),
          rows.tolist())

print(json.dumps({"seen": SEEN, "s1": repr(float(S1.numpy())), "s2": repr(float(S2.numpy())),
                  "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()]}))

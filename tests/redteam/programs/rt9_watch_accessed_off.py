"""Tapes with watch_accessed_variables=False around helpers janus takes over (train_step is
refused: model-probability draw and crc32). Only W1 and a plain tensor are watched at first;
W2 is watched between two helper calls, so only the second call's reads of W2 count; W3 is
never watched. A nested default tape watches everything it sees. Eager gives None for the
unwatched variables and lists only the watched ones in tape.watched_variables(); a graph
call that tells the tape about every variable it read would not."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(88)
rng = np.random.default_rng(88)
XS = rng.normal(size=(100, 3)).astype(np.float32)
W1 = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="W1")
W2 = tf.Variable(rng.normal(size=(3, 3)).astype(np.float32) * 0.5, name="W2")
W3 = tf.Variable(rng.normal(size=(3, 1)).astype(np.float32) * 0.5, name="W3")
PICK = np.random.default_rng(13)


def block(x):
    return tf.tanh(x @ W1 + x @ W2)


def out(h):
    return tf.reduce_sum(tf.square(h @ W3 - 0.2)) + 0.1 * tf.reduce_sum(W2)


def names(tape):
    return sorted(v.name for v in tape.watched_variables())


def show(g):
    return None if g is None else g.numpy().ravel().tolist()[:5]


def train_step(x):
    with tf.GradientTape(watch_accessed_variables=False, persistent=True) as sel:
        sel.watch(W1)
        sel.watch(x)
        h1 = block(x)
        sel.watch(W2)
        with tf.GradientTape() as full:
            h2 = block(h1)
            loss = out(h2)
        inner_names = names(full)
        g_full = full.gradient(loss, [W1, W2, W3])
    g_sel = sel.gradient(loss, [W1, W2, W3, x])
    g_h1 = sel.gradient(h1, [W1, W2])
    outer_names = names(sel)
    del sel
    p = tf.nn.softmax(tf.reshape(h2, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(g_sel[0].numpy().tobytes())
    for v, g in zip([W1, W2, W3], g_full):
        v.assign_sub(0.05 * g)
    return loss, g_full, g_sel, g_h1, inner_names, outer_names, pick, crc


for step in range(30):
    x = tf.constant(XS[step * 3:step * 3 + 5])
    loss, g_full, g_sel, g_h1, inn, outn, pick, crc = train_step(x)
    print(step, repr(float(loss)), inn, outn, pick, crc)
    print("   full", [show(g) for g in g_full])
    print("   sel", [show(g) for g in g_sel])
    print("   h1", [show(g) for g in g_h1])

print(json.dumps({v.name: v.numpy().ravel().tolist() for v in [W1, W2, W3]}))

"""Probes: which one-character strings CPython shares.

The contract keeps "an object CPython shares (the small ints, the empty and
one-character strings, any immortal object)" as that object instead of making a fresh
copy per call.  CPython only caches one-character strings of code points below 256
(Latin-1); a one-character string outside Latin-1 made by indexing, chr() or
str.lower() is a new object on every call, exactly like a longer string.  The step
builds a sparkline glyph from a guarded level (SPARK[level], BLOCKS[level:level+1],
GREEK[level].lower()) next to Latin-1 ones (ASCII[level], LATIN[level]) and stores
them; the loop compares each with what the previous call stored.  Eager: the Latin-1
glyphs are the same object whenever the level is unchanged, the others never are.  The
level changes at steps 10 and 20."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1806)
rng = np.random.default_rng(1806)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1)).astype(np.float32)).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))

SPARK = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"
GREEK = "\u0391\u0392\u0393\u0394\u0395\u0396\u0397\u0398"
ASCII = "abcdefgh"
LATIN = "\u00c0\u00c1\u00c2\u00c3\u00c4\u00c5\u00c6\u00c7"
BLOCKS = "\u2591\u2592\u2593\u2594\u2595\u2596\u2597\u2598"
LEVEL = {"k": 2}


class Glyphs:
    pass


G = Glyphs()


def train_step(x, y):
    k = LEVEL["k"]
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * (k + 1) / 4.0 * g)
    G.spark = SPARK[k]
    G.chr_block = BLOCKS[k:k + 1]
    G.greek_lower = GREEK[k].lower()
    G.ascii = ASCII[k]
    G.latin = LATIN[k]
    return loss


names = ["spark", "chr_block", "greek_lower", "ascii", "latin"]
same_counts = {n: 0 for n in names}
prev = None
for step in range(30):
    if step == 10:
        LEVEL["k"] = 5
    if step == 20:
        LEVEL["k"] = 7
    i = (step * 8) % 56
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    cur = [getattr(G, n) for n in names]
    flags = [prev is not None and c is p for c, p in zip(cur, prev or cur)]
    for n, f in zip(names, flags):
        same_counts[n] += int(f)
    print(step, repr(float(loss)), "".join(cur), "".join("1" if f else "0" for f in flags))
    prev = cur

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "same_as_previous_counts": same_counts,
    "glyphs": [ord(getattr(G, n)) for n in names],
}))

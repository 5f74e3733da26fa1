"""Python int state driven by graph values through BITWISE operators, growing past 64 bits.
Each step folds k = int(loss * 1e4) & 31 into a rolling fingerprint H = (H << 5) ^ k
(Python ints never overflow: H keeps growing), keeps an unsigned 64-bit checksum
U = ~(U ^ k) & 0xFFFFFFFFFFFFFFFF (values at or above 2**63, no int64 can hold them) and a
sign-mixing value S = -S // 3 - k.  Step 10: the program sets H to 2**58 + 7 from outside
(the next shifts leave int64 range).  Step 20: it sets S to -(2**63) (int64's minimum: its
negation, 2**63, leaves int64 although the quotient fits again).  Probes: int64 carriers
of Python ints under <<, ~, &, ^, // and unary minus, where Python's results need more
than 64 bits (wrap vs. fall back)."""
import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1230)
rng = np.random.default_rng(1230)

XS = rng.normal(size=(64, 4)).astype(np.float32)
YS = (XS @ rng.normal(size=(4, 1))).astype(np.float32)
W = tf.Variable(np.zeros((4, 1), np.float32))
H = 1
U = 0
S = 5


def train_step(x, y):
    global H, U, S
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    g = tape.gradient(loss, W)
    W.assign_sub(0.05 * g)
    k = int(loss * 1e4) & 31
    H = (H << 5) ^ k
    U = ~(U ^ k) & 0xFFFFFFFFFFFFFFFF
    S = -S // 3 - k
    return loss, k


for step in range(30):
    if step == 10:
        H = 2 ** 58 + 7
    if step == 20:
        S = -(2 ** 63)
    i = (step * 8) % 56
    loss, k = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)), k, hex(H), U, S, H.bit_length())

print(json.dumps({"H": str(H), "U": U, "S": S, "W": [repr(float(v)) for v in W.numpy().ravel()]}))

"""A text progress bar built from values the step computes: n_correct = int(number of
correct predictions), filled = int(acc * 20), and the line is "[" + "#" * filled + "." *
(20 - filled) + "]" plus f"{n_correct:>{filled + 1}}", str(n_correct).zfill(3),
"|".join(["x"] * n_correct) and f"{loss_v:.{PREC}f}" with PREC a module global the loop
changes.  Each piece is text whose *length or content* depends on a number the graph
computes (repetition counts, a nested format width), not just a formatted number.  The
step also stores len(bar) and the bar itself.  A graph must make these strings after the
run from its outputs, exactly as Python would; building them at build time from a traced
value would print the first bar forever.  Probes: string repetition, nested format specs
and join driven by graph numbers."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1640)
rng = np.random.default_rng(1640)

XS = rng.normal(size=(96, 5)).astype(np.float32)
YS = (XS[:, 0] + 0.5 * XS[:, 1] + rng.normal(scale=0.8, size=96) > 0).astype(np.int32)
model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(2)])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(learning_rate=0.03)
PREC = 3
BARS = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = LOSS(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    correct = tf.reduce_sum(tf.cast(tf.equal(tf.argmax(logits, 1, output_type=tf.int32), y), tf.int32))
    n_correct = int(correct)
    filled = int(float(correct) / 8.0 * 20)
    bar = "[" + "#" * filled + "." * (20 - filled) + "]"
    loss_v = float(loss)
    line = f"{bar} {n_correct:>{filled + 1}} {str(n_correct).zfill(3)} {'|'.join(['x'] * n_correct)} {loss_v:.{PREC}f}"
    BARS.append((len(bar), bar))
    print(line)
    return loss


for step in range(30):
    if step == 15:
        PREC = 6
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    print(step, repr(float(loss)))

print(json.dumps({
    "bars": [b for _, b in BARS[-4:]],
    "lens": sorted({n for n, _ in BARS}),
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:6]],
}))

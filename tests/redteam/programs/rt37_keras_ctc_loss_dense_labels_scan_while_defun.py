"""keras.ops.ctc_loss with dense labels goes to TF's ctc_loss_dense: a custom gradient
whose forward-backward recursions run through ctc_ops._scan, which eagerly is a Python
`while cond(*loop_results)` loop and in a graph a functional While op of legacy Defun
functions (not a tf.while_loop, so no build-time unrolling applies), with
reduce_logsumexp at every frame.  A small GRU-free encoder (Dense over frames) feeds it;
label lengths and logit lengths vary per batch.  At step 12 the global BLANK (the mask
index) moves from 0 to the last class, and at step 20 the frame count grows from 7 to
9.  Probes: a library recursion that is its own functional loop, custom gradients."""
import random

import numpy

random.seed(3726)
numpy.random.seed(3726)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3726)
rng = np.random.default_rng(3726)
XS = rng.normal(size=(64, 9, 4)).astype(np.float32)
LABELS = rng.integers(1, 5, size=(64, 3)).astype(np.int32)
LLEN = rng.integers(1, 4, size=(64,)).astype(np.int32)
OLEN = rng.integers(5, 8, size=(64,)).astype(np.int32)
proj = keras.layers.Dense(6)
OPT = keras.optimizers.Adam(learning_rate=0.01)
BLANK = 0
FRAMES = 7


def train_step(x, labels, llen, olen):
    with tf.GradientTape() as tape:
        logits = proj(x)
        per = keras.ops.ctc_loss(labels, logits, llen, olen, mask_index=BLANK)
        loss = tf.reduce_mean(per)
    grads = tape.gradient(loss, proj.trainable_variables)
    OPT.apply_gradients(zip(grads, proj.trainable_variables))
    return loss, per


for step in range(26):
    if step == 12:
        BLANK = 5
    if step == 20:
        FRAMES = 9
    j = (step * 8) % 56
    lab = LABELS[j:j + 8] if BLANK == 0 else LABELS[j:j + 8] - 1
    loss, per = train_step(tf.constant(XS[j:j + 8, :FRAMES]), tf.constant(lab),
                           tf.constant(LLEN[j:j + 8]), tf.constant(np.minimum(OLEN[j:j + 8], FRAMES)))
    print(step, float(loss).hex(), float(per[0]).hex())

print("final", [float(v).hex() for v in proj.kernel.numpy().ravel()[:8]], BLANK, FRAMES)

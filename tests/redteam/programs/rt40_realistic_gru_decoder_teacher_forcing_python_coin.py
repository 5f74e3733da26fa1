"""Seq2seq-style training in the shape of the TF NMT tutorial's decoder loop: an encoder
GRU summarizes a source sequence; the decoder (a GRUCell + Dense over a 6-token
vocabulary) runs a Python `for t in range(T)` over the target, and at each time step a
Python coin `random.random() < self.tf_ratio` decides teacher forcing (feed the gold
token) or feeding back the argmax of its own prediction (a tensor).  Loss is masked
sparse cross-entropy (token 0 is padding).  The teacher-forcing ratio decays by a Python
schedule every step and jumps to 0 at step 20.  Prints per step: loss, the number of
teacher-forced steps, the ratio.  Probes: Python draws per time step inside the step
choosing between a tensor and a gold token, the per-call decision pattern."""
import random

import numpy

random.seed(68)
numpy.random.seed(68)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4029)
rng = np.random.default_rng(4029)
V, T = 6, 5
SRC = rng.integers(1, V, size=(96, 4)).astype(np.int32)
TGT = np.concatenate([np.zeros((96, 1), np.int32) + 1, (SRC[:, ::-1] % (V - 1)) + 1], axis=1)[:, :T]
TGT[::7, -1] = 0
emb = keras.layers.Embedding(V, 4)
enc = keras.layers.GRU(6)
cell = keras.layers.GRUCell(6)
out = keras.layers.Dense(V)
loss_obj = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="none")
OPT = keras.optimizers.Adam(learning_rate=0.02)


class Trainer:
    def __init__(self):
        self.tf_ratio = 0.9
        self.forced = 0

    def step(self, src, tgt):
        forced = 0
        with tf.GradientTape() as tape:
            state = enc(emb(src))
            tok = tgt[:, 0]
            total = tf.constant(0.0)
            for t in range(1, T):
                h, [state] = cell(emb(tok), [state])
                logits = out(h)
                gold = tgt[:, t]
                mask = tf.cast(gold != 0, tf.float32)
                total += tf.reduce_sum(loss_obj(gold, logits) * mask)
                if random.random() < self.tf_ratio:
                    tok = gold
                    forced += 1
                else:
                    tok = tf.argmax(logits, axis=-1, output_type=tf.int32)
            loss = total / tf.cast(tf.size(tgt), tf.float32)
        tv = emb.trainable_variables + enc.trainable_variables + cell.trainable_variables + out.trainable_variables
        grads = tape.gradient(loss, tv)
        OPT.apply_gradients(zip(grads, tv))
        self.forced = forced
        self.tf_ratio = self.tf_ratio * 0.97
        return loss


tr = Trainer()
for step in range(30):
    if step == 20:
        tr.tf_ratio = 0.0
    i = (step * 8) % 96
    loss = tr.step(tf.constant(SRC[i:i + 8]), tf.constant(TGT[i:i + 8]))
    print(step, repr(float(loss)), tr.forced, repr(tr.tf_ratio))

print([repr(float(tf.reduce_sum(v))) for v in out.weights], random.random())

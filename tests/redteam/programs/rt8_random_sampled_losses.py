"""word2vec-style training with tf.nn.nce_loss and tf.nn.sampled_softmax_loss, under a global
seed, with the sampler's arguments changed from outside between steps.

  step 11: NUM_SAMPLED = 6 (was 4)               (a Python int argument of both losses)
  step 15: tf.random.set_seed(3) from the loop
  step 19: the loop calls tf.random.log_uniform_candidate_sampler itself
  step 23: REMOVE_HITS = False                    (sampled_softmax without
           remove_accidental_hits: no ComputeAccidentalHits op)
  step 27: the batch shrinks from 16 to 10 rows (partial tail)
  step 31: tf.random.set_seed(3) again
A converter that draws other candidates, draws them in another order, mis-tracks op seeds
(set_seed, the loop's sampler, the accidental-hits op) or keeps NUM_SAMPLED/REMOVE_HITS
shows other losses, weights and final RNG probes.
"""
import random

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(828)

VOCAB, DIM = 50, 8
NUM_SAMPLED = 4
REMOVE_HITS = True
rng = np.random.default_rng(828)
CENTERS = rng.integers(0, VOCAB, size=(96,)).astype(np.int64)
CONTEXTS = ((CENTERS * 7 + rng.integers(0, 3, size=(96,))) % VOCAB).astype(np.int64)
EMB = tf.Variable(rng.normal(size=(VOCAB, DIM)).astype(np.float32) * 0.1)
NCE_W = tf.Variable(rng.normal(size=(VOCAB, DIM)).astype(np.float32) * 0.1)
NCE_B = tf.Variable(np.zeros(VOCAB, np.float32))
SM_W = tf.Variable(rng.normal(size=(VOCAB, DIM)).astype(np.float32) * 0.1)
SM_B = tf.Variable(np.zeros(VOCAB, np.float32))
VARS = [EMB, NCE_W, NCE_B, SM_W, SM_B]


def train_step(c, t):
    labels = tf.reshape(t, [-1, 1])
    with tf.GradientTape() as tape:
        e = tf.nn.embedding_lookup(EMB, c)
        l_nce = tf.reduce_mean(tf.nn.nce_loss(NCE_W, NCE_B, labels, e, NUM_SAMPLED, VOCAB))
        l_sm = tf.reduce_mean(tf.nn.sampled_softmax_loss(
            SM_W, SM_B, labels, e, NUM_SAMPLED, VOCAB, remove_accidental_hits=REMOVE_HITS))
        loss = l_nce + l_sm
    grads = tape.gradient(loss, VARS)
    for v, g in zip(VARS, grads):
        v.assign_sub(0.5 * tf.convert_to_tensor(g))
    print("  nce", repr(float(l_nce)), "sm", repr(float(l_sm)), NUM_SAMPLED, REMOVE_HITS)
    return loss


for step in range(36):
    if step == 11:
        NUM_SAMPLED = 6
    if step == 15:
        tf.random.set_seed(3)
    if step == 19:
        s = tf.random.log_uniform_candidate_sampler(tf.constant([[1]], tf.int64), 1, 5, True, VOCAB)
        print("loop sampler", s.sampled_candidates.numpy().tolist())
    if step == 23:
        REMOVE_HITS = False
    if step == 31:
        tf.random.set_seed(3)
    bs = 10 if step >= 27 else 16
    i = (step * 16) % 80
    loss = train_step(tf.constant(CENTERS[i:i + bs]), tf.constant(CONTEXTS[i:i + bs]))
    print(step, repr(float(loss)), bs)

print("final", [repr(float(tf.reduce_sum(v))) for v in VARS])
print("rng", repr(float(tf.random.uniform([]))), repr(float(np.random.random())), repr(random.random()))

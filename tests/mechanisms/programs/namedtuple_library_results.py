"""Fields of namedtuples TF returns: tf.math.top_k(...).values/.indices, tf.unique(...).idx
and a seeded log-uniform candidate sampler's .sampled_candidates, read by name in the step.
The loop changes k (a Python int the step reads from a global) at step 12 and the
temperature at step 18."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(11)
rng = np.random.default_rng(11)
W = tf.Variable(rng.normal(size=(6, 10)).astype(np.float32) * 0.3)
K = 3
TEMPERATURE = 1.0


def train_step(x, labels):
    with tf.GradientTape() as tape:
        logits = x @ W / TEMPERATURE
        top = tf.math.top_k(logits, k=K)
        labels_seen = tf.unique(tf.reshape(labels, [-1]))
        sampled = tf.random.log_uniform_candidate_sampler(labels, 1, 4, True, 10)
        picked = tf.gather(logits, sampled.sampled_candidates, axis=1)
        loss = tf.reduce_mean(top.values) - 0.1 * tf.reduce_mean(picked) \
            + 0.01 * tf.cast(tf.reduce_sum(labels_seen.idx), tf.float32)
    W.assign_sub(0.05 * tape.gradient(loss, W))
    return loss, top.indices, sampled.sampled_candidates, type(top).__name__


for i in range(26):
    if i == 12:
        K = 2
    if i == 18:
        TEMPERATURE = 0.5
    x = tf.constant(rng.normal(size=(4, 6)).astype(np.float32))
    labels = tf.constant(rng.integers(0, 10, size=(4, 1)))
    loss, indices, candidates, kind = train_step(x, labels)
    print(i, repr(float(loss)), indices.numpy()[0].tolist(), candidates.numpy().tolist(), kind)
print("W", repr(float(tf.reduce_sum(W))), tf.random.uniform([2]).numpy().tolist())

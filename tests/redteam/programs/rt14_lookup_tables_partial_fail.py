"""A bag-of-tokens classifier whose step first does bookkeeping in TF resources that
are not variables -- a tf.lookup.experimental.MutableHashTable of token frequencies
(lookup, then insert count+1) and a tf.queue.FIFOQueue into which it enqueues the
batch's token count -- and only then embeds the tokens with tf.gather and trains.
A few batches contain a token id beyond the vocabulary: GatherV2 raises on CPU after
the table and the queue were written, before any variable update.  The loop catches the
error; every 10 steps it drains the queue outside the step.

Probes: all-or-nothing for stateful resources other than variables.  The table insert
and the enqueue cannot be undone once they ran; a graph that runs them before the
failing gather and then lets the interpreter re-run the call counts those tokens twice
and enqueues twice (queue size and the exported table differ from eager).  A sound
converter either keeps such steps in the interpreter or gates the table/queue writes.
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1406)
rng = np.random.default_rng(1406)

VOCAB = 12
N_STEPS = 32
TOKS = rng.integers(0, VOCAB, size=(N_STEPS, 6, 5)).astype(np.int64)
LAB = (TOKS.sum(axis=2) % 2).astype(np.int32)
BAD = {4, 13, 14, 27}
for s in BAD:
    TOKS[s, 1, 2] = VOCAB + 3

TABLE = tf.lookup.experimental.MutableHashTable(key_dtype=tf.int64, value_dtype=tf.int64,
                                                default_value=0)
QUEUE = tf.queue.FIFOQueue(capacity=100, dtypes=[tf.int32], shapes=[[]])
EMB = tf.Variable(rng.normal(size=(VOCAB, 4)).astype(np.float32) * 0.3, name="emb")
W = tf.Variable(rng.normal(size=(4, 2)).astype(np.float32) * 0.3, name="W")
OPT = keras.optimizers.SGD(learning_rate=0.2)


def train_step(toks, labels):
    flat = tf.reshape(toks, [-1])
    uniq, _ = tf.unique(flat)
    TABLE.insert(uniq, TABLE.lookup(uniq) + 1)
    QUEUE.enqueue(tf.size(flat))
    with tf.GradientTape() as tape:
        e = tf.gather(EMB, toks)
        logits = tf.reduce_mean(e, axis=1) @ W
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    grads = tape.gradient(loss, [EMB, W])
    OPT.apply_gradients(zip(grads, [EMB, W]))
    return loss


def table_dump():
    keys, vals = TABLE.export()
    return sorted(zip(keys.numpy().tolist(), vals.numpy().tolist()))


drained = []
for step in range(N_STEPS):
    try:
        loss = train_step(tf.constant(TOKS[step]), tf.constant(LAB[step]))
        msg = repr(float(loss))
    except tf.errors.InvalidArgumentError as e:
        msg = "FAILED oob=%s" % ("not in [0, 12)" in str(e))
    if step % 10 == 9:
        n = int(QUEUE.size())
        drained.append(sum(QUEUE.dequeue_many(n).numpy().tolist()))
    if step % 3 == 0 or step in BAD:
        print(step, msg, "qsize=%d" % int(QUEUE.size()), "drained=%s" % drained,
              "table=%s" % table_dump(), "iters=%d" % int(OPT.iterations.numpy()))

print(json.dumps({
    "table": table_dump(),
    "queue_size": int(QUEUE.size()),
    "drained": drained,
    "emb": [repr(float(v)) for v in EMB.numpy().ravel()[:8]],
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "iterations": int(OPT.iterations.numpy()),
}))

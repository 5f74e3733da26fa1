"""A character model in the shape of the TF text-generation tutorial: a GRU over an
Embedding trained with a custom tape step, and after every training step a sampling
function (no tape; hot code) that runs a Python `for t in range(10)` loop feeding back
`tf.random.categorical(logits / temperature, 1)` draws (global seed) through the GRU
cell state.  The temperature is a Python float argument that changes at steps 10 and
20; at step 16 the loop calls `keras.utils.set_random_seed` again.  The sampled ids are
decoded to a string outside the function.  Probes: seeded categorical draws in a
function taken over without a tape, fed back through a recurrent state, with the seed
reset mid-run and the temperature changed."""
import random

import numpy

random.seed(75)
numpy.random.seed(75)

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4035)
rng = np.random.default_rng(4035)
VOCAB = list("abcdefg ")
V = len(VOCAB)
TEXT = np.array([i % V for i in rng.integers(0, 3, size=2000).cumsum()], np.int32)
emb = keras.layers.Embedding(V, 6)
cell = keras.layers.GRUCell(12)
rnn = keras.layers.RNN(cell, return_sequences=True)
head = keras.layers.Dense(V)
loss_obj = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
OPT = keras.optimizers.Adam(0.01)


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = head(rnn(emb(x)))
        loss = loss_obj(y, logits)
    tv = emb.trainable_variables + rnn.trainable_variables + head.trainable_variables
    grads = tape.gradient(loss, tv)
    OPT.apply_gradients(zip(grads, tv))
    return loss


def sample(start, temperature):
    tok = start
    state = [tf.zeros([1, 12])]
    out = []
    for t in range(10):
        h, state = cell(emb(tok), state)
        logits = head(h)
        tok = tf.random.categorical(logits / temperature, 1)[:, 0]
        out.append(tok[0])
    return tf.stack(out)


temp = 1.0
for step in range(30):
    if step == 10:
        temp = 0.5
    if step == 16:
        keras.utils.set_random_seed(16)
    if step == 20:
        temp = 1.7
    i = (step * 37) % 1900
    x = TEXT[i:i + 64].reshape(4, 16)
    y = TEXT[i + 1:i + 65].reshape(4, 16)
    loss = train_step(tf.constant(x), tf.constant(y))
    ids = sample(tf.constant([int(x[0, 0])]), temp)
    print(step, repr(float(loss)), "".join(VOCAB[int(k)] for k in ids.numpy()))

print([repr(float(tf.reduce_sum(v))) for v in head.weights])

"""Dicts held by a library object (docs/soundness.md#dicts-held-by-library-objects): a
Keras Tokenizer's
word_index read by a converted step, changed from outside mid-run; written by the step
itself; its index_word measured with len(); and its word_counts, an OrderedDict, read
and written like a dict.  Under janus and JANUS_MODE=off; prints one JSON
document."""

import json

import tensorflow as tf
from keras.src.legacy.preprocessing.text import Tokenizer

STEPS, SWITCH = 10, 6
tokenizer = Tokenizer()
tokenizer.fit_on_texts(["the cat sat", "the cat ran", "a dog sat"])
E = tf.Variable(tf.reshape(tf.range(32, dtype=tf.float64), (16, 2)))
results = {}


def record(name, *values):
    results.setdefault(name, []).append([v.numpy().tolist() if isinstance(v, tf.Tensor)
                                         else v for v in values])


def lookup_step(word):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(E[tokenizer.word_index[word]])
    tape.gradient(loss, [E])
    return loss


for i in range(STEPS):
    if i == SWITCH:
        tokenizer.word_index["cat"] = 9
    record("lookup", lookup_step("cat"))


def counting_step(word):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(E[tokenizer.word_index[word] % 16])
    tape.gradient(loss, [E])
    tokenizer.word_index[word] = tokenizer.word_index[word] + 1
    return loss


for i in range(STEPS):
    record("counting", counting_step("sat"), tokenizer.word_index["sat"])


def ordered_step(word):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(E[tokenizer.word_counts[word] % 16])
    tape.gradient(loss, [E])
    tokenizer.word_counts[word] = tokenizer.word_counts[word] + 1
    return loss


for i in range(STEPS):
    record("ordered", ordered_step("sat"), tokenizer.word_counts["sat"])


def size_step(x):
    with tf.GradientTape() as tape:
        loss = x * len(tokenizer.index_word)
    tape.gradient(loss, [x])
    return loss


for i in range(STEPS):
    if i == SWITCH:
        tokenizer.index_word[len(tokenizer.index_word) + 1] = "new"
    record("size", size_step(tf.constant(2.0, tf.float64)))

print(json.dumps(results))

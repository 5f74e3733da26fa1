"""A word-level LSTM language model whose state carries across sequences (self.state).

Text: the docstrings and comments of the Python standard library that ships with the
interpreter.  A plain eager TF2 program; the train step is a method that reads the
recurrent state from `self.state` and writes the new one back, as truncated
backpropagation through time does.
"""

import re
import sysconfig
from collections import Counter
from pathlib import Path

import numpy as np
import tensorflow as tf

import common

VOCAB, EMBED, HIDDEN, BATCH, LENGTH = 2000, 64, 128, 16, 12


def corpus(limit=300_000):
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    words = []
    for path in sorted(stdlib.glob("*.py")):
        words += re.findall(r"[a-z]+", path.read_text(encoding="utf-8",
                                                      errors="replace").lower())
        if len(words) > limit:
            break
    common_words = [w for w, _ in Counter(words).most_common(VOCAB - 1)]
    index = {w: i + 1 for i, w in enumerate(common_words)}      # 0: rare words
    return np.array([index.get(w, 0) for w in words[:limit]], np.int64)


class LanguageModel:
    def __init__(self):
        self.embed = tf.keras.layers.Embedding(VOCAB, EMBED)
        self.cell = tf.keras.layers.LSTMCell(HIDDEN)
        self.out = tf.keras.layers.Dense(VOCAB)
        self.optimizer = tf.keras.optimizers.SGD(0.5)
        self.state = [tf.zeros((BATCH, HIDDEN))] * 2

    def variables(self):
        return (self.embed.trainable_variables + self.cell.trainable_variables +
                self.out.trainable_variables)

    def train_step(self, inputs, targets):
        with tf.GradientTape() as tape:
            vectors = self.embed(inputs)
            state = self.state
            losses = []
            for t in range(LENGTH):
                output, state = self.cell(vectors[:, t], state)
                losses.append(tf.keras.losses.sparse_categorical_crossentropy(
                    targets[:, t], self.out(output), from_logits=True))
            loss = tf.reduce_mean(tf.stack(losses))
        variables = self.variables()
        grads = tape.gradient(loss, variables)
        grads, _ = tf.clip_by_global_norm(grads, 5.0)
        self.optimizer.apply_gradients(zip(grads, variables))
        self.state = [tf.stop_gradient(s) for s in state]
        return loss


def main(argv=None):
    args = common.arguments(__doc__, steps=80, argv=argv)
    words = corpus()
    model = LanguageModel()
    step = common.wrap(model.train_step, args.wrap)
    meter = common.Meter("words/s", args)
    # BATCH parallel streams through the text, consecutive windows per step.
    stream = len(words) // BATCH
    for i in range(args.steps):
        offset = (i * LENGTH) % (stream - LENGTH - 1)
        window = np.stack([words[b * stream + offset:b * stream + offset + LENGTH + 1]
                           for b in range(BATCH)])
        meter.step(step(window[:, :-1], window[:, 1:]), BATCH * LENGTH)
    print(f"final loss {np.mean(meter.losses[-10:]):.4f}")
    meter.report()


if __name__ == "__main__":
    main()

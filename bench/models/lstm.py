"""A character-level LSTM language model on the Python standard library's own sources.

A plain eager TF2 program: an LSTMCell stepped by a Python loop over the time dimension,
a GradientTape, Adam.  No decorators and no janus imports.

    lstm.py [--steps 120] [--length 20] [--vary-lengths N] [--wrap function|trace]

--vary-lengths N: the first N steps use sequence lengths that change each step (after
that every step uses --length), so janus's graph for the step is a while loop over time
instead of the loop unrolled for one length.  Prints characters/s over the steps after
the first 20.
"""

import sysconfig
import time
from pathlib import Path

import numpy as np
import tensorflow as tf

import common

HIDDEN, EMBED, BATCH = 64, 16, 16


def corpus(limit=400_000):
    """Text that ships with the interpreter: its standard library's Python sources."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    text = []
    for path in sorted(stdlib.glob("*.py")):
        text.append(path.read_text(encoding="utf-8", errors="replace"))
        if sum(map(len, text)) > limit:
            break
    data = np.frombuffer("".join(text)[:limit].encode("ascii", "replace"), np.uint8)
    return np.minimum(data, 127).astype(np.int64)


class CharLM:
    def __init__(self):
        self.embed = tf.keras.layers.Embedding(128, EMBED)
        self.cell = tf.keras.layers.LSTMCell(HIDDEN)
        self.out = tf.keras.layers.Dense(128)

    def __call__(self, chars):
        state = [tf.zeros((chars.shape[0], HIDDEN))] * 2
        logits = []
        vectors = self.embed(chars)
        for t in range(chars.shape[1]):
            output, state = self.cell(vectors[:, t], state)
            logits.append(self.out(output))
        return tf.stack(logits, axis=1)

    @property
    def variables(self):
        return (self.embed.trainable_variables + self.cell.trainable_variables +
                self.out.trainable_variables)


def train_step(model, optimizer, inputs, targets):
    with tf.GradientTape() as tape:
        logits = model(inputs)
        loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(
            targets, logits, from_logits=True))
    grads = tape.gradient(loss, model.variables)
    optimizer.apply_gradients(zip(grads, model.variables))
    return loss


def main(argv=None):
    args = common.arguments(__doc__, steps=120, argv=argv, extra={
        "--length": {"type": int, "default": 20},
        "--vary-lengths": {"type": int, "default": 0},
        "--tf-function": {"action": "store_true", "help": "same as --wrap function"}})
    text = corpus()
    model, optimizer = CharLM(), tf.keras.optimizers.Adam(0.005)
    step = common.wrap(train_step, "function" if args.tf_function else args.wrap)
    meter = common.Meter("chars/s", args)
    rng = np.random.default_rng(args.seed)
    timed_chars, started = 0, None
    for i in range(args.steps):
        length = int(rng.integers(5, args.length + 1)) if i < args.vary_lengths \
            else args.length
        starts = rng.integers(0, len(text) - length - 1, size=BATCH)
        window = np.stack([text[s:s + length + 1] for s in starts])
        if i == 20:
            started = time.perf_counter()
        meter.step(step(model, optimizer, window[:, :-1], window[:, 1:]), BATCH * length)
        if i >= 20:
            timed_chars += BATCH * length
    print(f"final loss {np.mean(meter.losses[-20:]):.4f}")
    if started is not None:
        print(f"chars/s {timed_chars / (time.perf_counter() - started):.1f}")
    meter.report()


if __name__ == "__main__":
    main()

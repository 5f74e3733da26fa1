"""TreeLSTM: a binary Tree-LSTM (Tai et al.) over trees of words.

A plain eager TF2 program: `encode` recurses over Python tree objects and returns each
node's (h, c); internal nodes gate their children's memories.  The paper's TreeLSTM.
"""

import numpy as np
import tensorflow as tf

import common
import trees

HIDDEN = 48


class TreeLSTM:
    def __init__(self):
        self.embed = tf.keras.layers.Embedding(trees.VOCAB, HIDDEN)
        self.leaf = tf.keras.layers.Dense(2 * HIDDEN)
        self.gates = tf.keras.layers.Dense(5 * HIDDEN)
        self.classify = tf.keras.layers.Dense(3)

    def encode(self, node):
        if node.is_leaf:
            i, o = tf.split(self.leaf(self.embed(tf.constant([node.word]))), 2, axis=1)
            c = tf.sigmoid(i) * tf.tanh(o)
            return tf.tanh(c), c
        h_left, c_left = self.encode(node.left)
        h_right, c_right = self.encode(node.right)
        i, f_left, f_right, o, u = tf.split(
            self.gates(tf.concat([h_left, h_right], axis=1)), 5, axis=1)
        c = (tf.sigmoid(i) * tf.tanh(u) + tf.sigmoid(f_left) * c_left +
             tf.sigmoid(f_right) * c_right)
        return tf.sigmoid(o) * tf.tanh(c), c

    def variables(self):
        return (self.embed.trainable_variables + self.leaf.trainable_variables +
                self.gates.trainable_variables + self.classify.trainable_variables)


def train_step(model, optimizer, tree, label):
    with tf.GradientTape() as tape:
        h, _ = model.encode(tree)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=[label], logits=model.classify(h)))
    variables = model.variables()
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return loss


def main(argv=None):
    args = common.arguments(__doc__, steps=100, argv=argv)
    data = trees.sentences(args.steps, args.seed)
    model, optimizer = TreeLSTM(), tf.keras.optimizers.Adam(0.01)
    step = common.wrap(train_step, args.wrap)
    meter = common.Meter("sentences/s", args)
    for tree, label in data:
        meter.step(step(model, optimizer, tree, label), 1)
    print(f"final loss {np.mean(meter.losses[-20:]):.4f}")
    meter.report()


if __name__ == "__main__":
    main()

"""TreeRNN: a recursive neural network over binary trees of words.

A plain eager TF2 program: `encode` recurses over Python tree objects; each internal
node combines its children with one dense layer.  The paper's TreeRNN.
"""

import numpy as np
import tensorflow as tf

import common
import trees

HIDDEN = 64


class TreeRNN:
    def __init__(self):
        self.embed = tf.keras.layers.Embedding(trees.VOCAB, HIDDEN)
        self.combine = tf.keras.layers.Dense(HIDDEN, activation="tanh")
        self.classify = tf.keras.layers.Dense(3)

    def encode(self, node):
        if node.is_leaf:
            return self.embed(tf.constant([node.word]))
        return self.combine(tf.concat([self.encode(node.left),
                                       self.encode(node.right)], axis=1))

    def variables(self):
        return (self.embed.trainable_variables + self.combine.trainable_variables +
                self.classify.trainable_variables)


def train_step(model, optimizer, tree, label):
    with tf.GradientTape() as tape:
        logits = model.classify(model.encode(tree))
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=[label], logits=logits))
    variables = model.variables()
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return loss


def main(argv=None):
    args = common.arguments(__doc__, steps=120, argv=argv)
    data = trees.sentences(args.steps, args.seed)
    model, optimizer = TreeRNN(), tf.keras.optimizers.Adam(0.01)
    step = common.wrap(train_step, args.wrap)
    meter = common.Meter("sentences/s", args)
    for tree, label in data:
        meter.step(step(model, optimizer, tree, label), 1)
    print(f"final loss {np.mean(meter.losses[-20:]):.4f}")
    meter.report()


if __name__ == "__main__":
    main()

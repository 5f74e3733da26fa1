"""Builtins real steps use over the program's values, each converted with eager's
results (tests/e2e/test_step_builtins.py runs this in both modes):

  * adam_step: a hand-written Adam in the TF core MLP guide's shape,
    `for i, (g, v) in enumerate(zip(grads, variables))`, indexing its moment lists
    (attributes it assigns) by i; `zip(enumerate(...), ...)`; `reversed(list(zip(...)))`;
  * ordered_step: `sorted`, `min` and `max` with a key= over the program's objects (a
    lambda, a method descriptor, reverse=), whose fields the loop changes mid-run;
  * text_step: methods of str values (`upper`, `join` of a generator, `format`,
    `split`, `startswith`) building the names the step logs.

One JSON document last."""

import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(4)
rng = np.random.default_rng(4)
X = tf.constant(rng.normal(size=(24, 5)))
Y = tf.constant(rng.normal(size=(24, 1)))
STEPS = 20

W1 = tf.Variable(rng.normal(size=(5, 6)) * 0.3, name="w1")
B1 = tf.Variable(np.zeros(6), name="b1")
W2 = tf.Variable(rng.normal(size=(6, 1)) * 0.3, name="w2")
MLP = [W1, B1, W2]


class Adam:
    def __init__(self, lr=0.01, beta1=0.9, beta2=0.999, eps=1e-7):
        self.lr, self.beta1, self.beta2, self.eps = lr, beta1, beta2, eps
        self.t = 1.0
        self.built = False

    def apply_gradients(self, grads, variables):
        if not self.built:
            self.m = [tf.Variable(tf.zeros_like(v)) for v in variables]
            self.v = [tf.Variable(tf.zeros_like(v)) for v in variables]
            self.built = True
        for i, (d_var, var) in enumerate(zip(grads, variables)):
            self.m[i].assign(self.beta1 * self.m[i] + (1 - self.beta1) * d_var)
            self.v[i].assign(self.beta2 * self.v[i] + (1 - self.beta2) * tf.square(d_var))
            m_hat = self.m[i] / (1 - self.beta1 ** self.t)
            v_hat = self.v[i] / (1 - self.beta2 ** self.t)
            var.assign_sub(self.lr * m_hat / (tf.sqrt(v_hat) + self.eps))
        self.t += 1.0


adam = Adam()
decay_log = []


def adam_step(x, y):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ W1 + B1)
        loss = tf.reduce_mean(tf.square(h @ W2 - y))
    grads = tape.gradient(loss, MLP)
    adam.apply_gradients(grads, MLP)
    for (i, g), v in zip(enumerate(grads), MLP):      # decay, later layers more
        v.assign_sub(0.001 * (i + 1) * v)
    norms = []
    for g, v in reversed(list(zip(grads, MLP))):
        norms.append(v.name.split(":")[0])
    decay_log.append("/".join(norms))
    return loss


class Block:
    def __init__(self, name, priority, scale):
        self.name, self.priority, self.scale = name, priority, scale
        self.w = tf.Variable(rng.normal(size=(5, 1)) * 0.1)


BLOCKS = [Block("c", 2, 1.0), Block("a", 3, 0.5), Block("b", 1, 2.0), Block("d", 2, 0.25)]
order_log = []


def ordered_step(x, y):
    ordered = sorted(BLOCKS, key=lambda blk: (blk.priority, blk.name))
    smallest = min(BLOCKS, key=lambda blk: blk.scale)
    urgent = max(BLOCKS, key=lambda blk: blk.priority)
    names = sorted((blk.name for blk in BLOCKS), key=str.upper, reverse=True)
    order_log.append("".join(blk.name for blk in ordered) + smallest.name + urgent.name
                     + "".join(names))
    with tf.GradientTape() as tape:
        out = 0.0
        for blk in ordered:
            out = out + blk.scale * (x @ blk.w)
        loss = tf.reduce_mean(tf.square(out - y)) + 0.1 * tf.reduce_sum(smallest.w)
    variables = [blk.w for blk in ordered]
    grads = tape.gradient(loss, variables)
    for g, v in zip(grads, variables):
        v.assign_sub(0.1 * g)
    return loss


class Run:
    def __init__(self):
        self.tag = "mlp-base"
        self.lines = []


run = Run()
V = tf.Variable(rng.normal(size=(5, 1)) * 0.1)


def text_step(x, y):
    family, variant = run.tag.split("-")
    label = "{}:{}".format(family.upper(), variant)
    if variant.startswith("wide"):
        label = label + "+"
    run.lines.append(", ".join(part.title() for part in (family, variant)) + " " + label)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ V - y))
    V.assign_sub(0.05 * tape.gradient(loss, V))
    return loss


printed = []
for i in range(STEPS):
    if i == 8:
        BLOCKS[2].priority = 5
        run.tag = "mlp-wide"
    if i == 13:
        BLOCKS[0].scale = 0.125
    line = (i, repr(float(adam_step(X, Y))), repr(float(ordered_step(X, Y))),
            repr(float(text_step(X, Y))), decay_log[-1], order_log[-1], run.lines[-1])
    printed.append(repr(line))
    print(*line)

print(json.dumps({"printed": printed, "t": adam.t, "order_log": order_log,
                  "lines": run.lines, "decay_log": decay_log,
                  "mlp": [v.numpy().tolist() for v in MLP],
                  "moments": [m.numpy().tolist() for m in adam.m + adam.v],
                  "blocks": [b.w.numpy().tolist() for b in BLOCKS],
                  "v": V.numpy().tolist()}))

"""Per-example losses by tf.vectorized_map inside the program's own tf.function, called
by the step under its tape.  Eagerly the vectorized loop is traced into that function's
graph (no tf.function of its own), so the step converts; at step 10 the loop changes
MARGIN, which the function reads only at trace time (eager keeps its trace)."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(71)
rng = np.random.default_rng(71)
X = tf.constant(rng.normal(size=(8, 4)).astype("float32"))
Y = tf.constant((rng.normal(size=(8, 1)) > 0).astype("float32"))
W = tf.Variable(rng.normal(size=(4, 1)).astype("float32") * 0.5)
opt = tf.keras.optimizers.SGD(0.1)
MARGIN = 0.5


def per_example(args):
    x, y = args
    logit = x[None, :] @ W
    xent = tf.nn.sigmoid_cross_entropy_with_logits(labels=y[None, :], logits=logit)
    return tf.reduce_sum(xent) + 0.1 * tf.nn.relu(MARGIN - tf.abs(logit[0, 0]))


@tf.function
def losses_of(x, y):
    return tf.vectorized_map(per_example, (x, y))


def train_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(losses_of(X, Y))
    grads = tape.gradient(loss, [W])
    opt.apply_gradients(zip(grads, [W]))
    return loss


for i in range(24):
    if i == 10:
        MARGIN = 1.0
    print(i, repr(float(train_step())), repr(float(W[0, 0])))

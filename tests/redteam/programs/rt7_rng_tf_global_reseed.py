"""Op-level random draws under a global TF seed (tf.random.normal noise, tf.nn.dropout,
tf.random.uniform) plus a Keras Dropout layer, with tf.random.set_seed called from outside
mid-run -- once with the *same* seed the program started with -- and extra global-seeded
draws in the loop between some steps, so op seeds interleave with the step's.

Step 15: tf.random.set_seed(3826) (the seed the program started with: eager's op-seed
         counter and kernel cache start over, so the step's draws repeat those of step 0).
Step 27: tf.random.set_seed(77).
Steps divisible by 3 (and step 20) draw tf.random.uniform([]) in the loop before the step.
A wrong converter keeps continuing a kernel stream after the reseed, or numbers its op seeds
without the loop's draws."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(3826)
random.seed(3826)
rng = np.random.default_rng(3826)

digits = load_digits()
X = (digits.data / 16.0).astype("float32")
Y = digits.target.astype("int32")

dense = keras.layers.Dense(32, activation="relu")
kdrop = keras.layers.Dropout(0.25)
head = keras.layers.Dense(10)
model = keras.Sequential([keras.Input((64,)), dense, kdrop, head])
opt = keras.optimizers.SGD(0.1)


def train_step(x, y):
    x = x + tf.random.normal(tf.shape(x), stddev=0.05)
    with tf.GradientTape() as tape:
        h = kdrop(dense(x), training=True)
        h = tf.nn.dropout(h, rate=0.2)
        logits = head(h)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
        loss = loss * tf.random.uniform([], 0.95, 1.05)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(38):
    if step == 15:
        tf.random.set_seed(3826)
    elif step == 27:
        tf.random.set_seed(77)
    outside = "-"
    if step % 3 == 0 or step == 20:
        outside = repr(float(tf.random.uniform([])))
    i = (step * 16) % (len(X) - 16)
    loss = train_step(tf.constant(X[i:i + 16]), tf.constant(Y[i:i + 16]))
    print(step, repr(float(loss)), outside)

for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("seedgen", kdrop.seed_generator.state.numpy().tolist())
print("rng", tf.random.uniform([2]).numpy().tolist(), tf.random.normal([1]).numpy().tolist(),
      np.random.rand(), random.random())

"""The step pulls its own batch with next() from a tf.data iterator held in a global, then a
tf.debugging assertion on the batch can fail (after the batch was consumed, before the update);
the dataset also runs out mid-run (StopIteration out of the step).

The dataset has 20 batches of 16; batches 3 and 14 contain one "bright" pixel (5.0) and fail
`assert_less(max(x), LIMIT)` with LIMIT=2.0. The loop catches InvalidArgumentError and goes
on, so the failing batch is skipped (eager consumed it). When next() raises StopIteration
(step 20) the loop makes a new iterator.
Failures land at steps 3, 14 and 24 (batch 3 of the second pass); at step 30 LIMIT becomes
10.0 so batch 14 of the second pass (step 35) trains.
The step prints the batch it got *before* the assertion (eager shows that line once, also on
failing steps). Each step prints the first label and the sum of labels of the batch it got, or
what it caught.
A wrong converter consumes an extra batch when its graph call fails and the interpreter
re-runs the call (labels shift by one batch from then on), or updates on the failing batch."""
import random

import numpy as np
import tensorflow as tf
import keras
from sklearn.datasets import load_digits

tf.keras.utils.set_random_seed(3220)
random.seed(3220)
rng = np.random.default_rng(3220)

digits = load_digits()
X = (digits.data[:320] / 16.0).astype("float32")
Y = digits.target[:320].astype("int32")
X[3 * 16 + 5, 10] = 5.0
X[14 * 16 + 2, 40] = 5.0

DS = tf.data.Dataset.from_tensor_slices((X, Y)).batch(16)
ITER = iter(DS)
LIMIT = 2.0
model = keras.Sequential([keras.Input((64,)), keras.layers.Dense(16, activation="relu"),
                          keras.layers.Dense(10)])
opt = keras.optimizers.SGD(0.1)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step():
    x, y = next(ITER)
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    print("  got batch", int(y[0]), repr(float(loss)))
    tf.debugging.assert_less(tf.reduce_max(x), LIMIT, message="bright batch")
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, int(y[0]), int(tf.reduce_sum(y))


for step in range(38):
    if step == 30:
        LIMIT = 10.0
    try:
        loss, first, tot = train_step()
        print(step, repr(float(loss)), "first", first, "sum", tot, "it", int(opt.iterations))
    except tf.errors.InvalidArgumentError as e:
        print(step, "assertion failed:", "bright batch" in str(e), "it", int(opt.iterations))
    except StopIteration:
        print(step, "StopIteration: new pass")
        ITER = iter(DS)

rest = [int(y[0]) for _, y in ITER]
print("rest of pass", rest)
for v in model.trainable_variables:
    print("ck", v.path, repr(float(np.sum(np.abs(v.numpy()), dtype=np.float64))))
print("rng", tf.random.uniform([2]).numpy().tolist(), np.random.rand(), random.random())

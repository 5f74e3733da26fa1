"""The step picks Python objects with indices it computes from tensors: the hardest class
`hard = int(tf.argmax(per_class_loss))` selects a name from the module list CLASS_NAMES
and a multiplier from BOOST (a list of floats indexed directly by the EagerTensor, via
__index__), and `HARD_COUNTS[name] += 1` writes a dict item whose key is only known at
run time.  The logits have one more column than CLASS_NAMES has names (an "other" bucket
added later), so when argmax lands on it, CLASS_NAMES[hard] raises IndexError, caught in
the step.  Eager decides all of this from the values of each batch.  A graph must select
the list items, the dict key and the exception per call from its outputs (or refuse),
never from the build's batch.  Probes: Python list/dict indexing by numbers a graph
computes, including an out-of-range index caught in the step."""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1643)
rng = np.random.default_rng(1643)

N_OUT = 4
XS = rng.normal(size=(96, 6)).astype(np.float32)
YS = rng.integers(0, N_OUT, size=(96,)).astype(np.int32)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(10, activation="relu"), keras.layers.Dense(N_OUT)])
OPT = keras.optimizers.SGD(learning_rate=0.1)
CLASS_NAMES = ["cat", "dog", "bird"]
BOOST = [1.0, 1.5, 0.5, 2.0]
HARD_COUNTS = {}
MISSES = []


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        per = keras.losses.sparse_categorical_crossentropy(y, model(x, training=True), from_logits=True)
        onehot = tf.one_hot(y, N_OUT)
        per_class = tf.reduce_sum(onehot * per[:, None], 0) / (tf.reduce_sum(onehot, 0) + 1e-3)
        hard_t = tf.argmax(per_class, output_type=tf.int32)
        loss = tf.reduce_mean(per) * BOOST[hard_t]
    grads = tape.gradient(loss, model.trainable_variables)
    OPT.apply_gradients(zip(grads, model.trainable_variables))
    hard = int(hard_t)
    try:
        name = CLASS_NAMES[hard]
    except IndexError:
        name = "other"
        MISSES.append(step)
    HARD_COUNTS[name] = HARD_COUNTS.get(name, 0) + 1
    print(f"hard {hard} {name} boost {BOOST[hard]}")
    return loss


for step in range(32):
    i = (step * 8) % 88
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]), step)
    print(step, repr(float(loss)))

print(json.dumps({
    "hard_counts": HARD_COUNTS,
    "misses": MISSES,
    "kernel": [repr(float(v)) for v in model.layers[-1].kernel.numpy().ravel()[:6]],
}))

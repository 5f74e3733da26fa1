"""Evaluation code without a tape: `evaluate()` runs the model on a held-out batch, appends
(accuracy, n_evals) to the global list EVAL_LOG and returns its length. At step 14 (a new
"epoch") the loop archives the list in RUNS and binds EVAL_LOG to a fresh list; eager's
evaluate appends to the new list from then on, while the archived one stays as it was."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(510)

rng = np.random.default_rng(14)
XS = rng.normal(size=(96, 5)).astype("float32")
YS = (XS[:, 0] + XS[:, 1] * XS[:, 2] > 0).astype("int64")
XV, YV = tf.constant(XS[80:]), tf.constant(YS[80:])
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(8, activation="relu"),
                             tf.keras.layers.Dense(2)])
opt = tf.keras.optimizers.Adam(0.02)
sce = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

EVAL_LOG = []
RUNS = []
N_EVALS = 0


def evaluate(x, y):
    global N_EVALS
    N_EVALS += 1
    pred = tf.argmax(model(x, training=False), axis=1)
    acc = float(tf.reduce_mean(tf.cast(tf.equal(pred, y), tf.float32)))
    EVAL_LOG.append((acc, N_EVALS))
    return len(EVAL_LOG)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = sce(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(30):
    if step == 14:
        RUNS.append(EVAL_LOG)
        EVAL_LOG = []
    i = (step * 10) % 70
    loss = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    n = evaluate(XV, YV)
    print(step, repr(float(loss)), n, EVAL_LOG[-1])

print("RUNS", RUNS)
print("EVAL_LOG", EVAL_LOG, "N_EVALS", N_EVALS)

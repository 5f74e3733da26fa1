"""An evaluation function without a tape (janus may take it over after a few calls) and a
co-executed train_step share one model: evaluate() calls the model with training=False
(BatchNormalization's moving stats, which train_step's calls update, and Dropout), and a
loss; between steps the program changes the BN layer's epsilon (step 9), a Dense
activation (step 15), the dropout rate (step 19) and swaps the eval loss object (step 23).
train_step draws with np.random.choice on the model's probabilities (refused)."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(5050)
rng = np.random.default_rng(5050)
X = rng.normal(size=(96, 5)).astype("float32")
Y = rng.integers(0, 3, size=(96,)).astype("int32")
XV = tf.constant(rng.normal(size=(16, 5)).astype("float32"))
YV = tf.constant(rng.integers(0, 3, size=(16,)).astype("int32"))

MODEL = keras.Sequential([keras.layers.Dense(6, activation="relu"), keras.layers.BatchNormalization(),
                          keras.layers.Dropout(0.3), keras.layers.Dense(3)])
MODEL(X[:2])
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
EVAL_LOSS = LOSS


def flat(t):
    return np.asarray(t).ravel().tolist()


def evaluate(x, y):
    logits = MODEL(x, training=False)
    return EVAL_LOSS(y, logits), tf.reduce_mean(tf.cast(tf.argmax(logits, -1, output_type=tf.int32) == y, tf.float32))


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True)
        loss = LOSS(y, logits)
    p = tf.nn.softmax(logits).numpy().astype(np.float64)[0]
    a = int(np.random.choice(3, p=p / p.sum()))
    grads = tape.gradient(loss, MODEL.trainable_variables)
    for v, g in zip(MODEL.trainable_variables, grads):
        v.assign_sub(0.1 * g)
    return loss, a


for step in range(32):
    if step == 9:
        MODEL.layers[1].epsilon = 0.5
    if step == 15:
        MODEL.layers[0].activation = keras.activations.tanh
    if step == 19:
        MODEL.layers[2].rate = 0.6
    if step == 23:
        EVAL_LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum")
    i = (step * 8) % 88
    loss, a = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]))
    vl, acc = evaluate(XV, YV)
    print(step, repr(float(loss)), a, repr(float(vl)), repr(float(acc)), flat(MODEL.layers[1].moving_variance)[:3])

print(json.dumps({"vars": [flat(v) for v in MODEL.weights]}))

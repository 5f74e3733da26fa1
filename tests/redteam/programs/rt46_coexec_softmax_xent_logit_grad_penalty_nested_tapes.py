"""A co-executed classifier step (np.random.choice over the model's numpy softmax draws
pseudo-labels for the unlabeled half of the batch, so the step stays in the
interpreter) computes `tf.nn.softmax_cross_entropy_with_logits` under an outer tape.
What changes mid-run: from step 11 an inner tape (inside the outer one) also asks for
the gradient of that loss with respect to the logits, and the squared norm of that
logit gradient is added as a penalty: the outer walk then differentiates through the
inner walk, and TF's SoftmaxCrossEntropyWithLogits gradient receives a second-order
upstream for its backprop output (its grad_grad branch adds a softmax Hessian term).
Probes: a walk recorded by an outer tape inside a co-executed step (left to eager) and
the fused op's second-order gradient, versus the compiled first-order chunks before."""
import random

import numpy

random.seed(4639)
numpy.random.seed(4639)

import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(4639)
rng = np.random.default_rng(4639)
XS = rng.normal(size=(96, 6)).astype(np.float32)
LABELS = ((XS[:, 0] > 0).astype(np.int64) + (XS[:, 1] > 0.5).astype(np.int64))
MODEL = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="tanh"), keras.layers.Dense(3)])
OPT = keras.optimizers.SGD(learning_rate=0.05)
STATE = {"penalty": False}


def train_step(x, labels):
    probs = tf.nn.softmax(MODEL(x)).numpy().astype(np.float64)
    labels = labels.copy()
    labels[4:] = [np.random.choice(3, p=p / p.sum()) for p in probs[4:]]
    onehot = tf.constant(np.eye(3, dtype=np.float32)[labels])
    with tf.GradientTape() as outer:
        if STATE["penalty"]:
            with tf.GradientTape() as inner:
                logits = MODEL(x)
                inner.watch(logits)
                ce = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(onehot, logits))
            g_logits = inner.gradient(ce, logits)
            pen = tf.reduce_sum(tf.square(g_logits))
        else:
            logits = MODEL(x)
            ce = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(onehot, logits))
            pen = tf.constant(0.0)
        loss = ce + 2.0 * pen
    grads = outer.gradient(loss, MODEL.trainable_variables)
    OPT.apply_gradients(zip(grads, MODEL.trainable_variables))
    return ce, pen, grads, labels


for step in range(24):
    if step == 11:
        STATE["penalty"] = True
    i = (step * 8) % 88
    ce, pen, grads, labels = train_step(tf.constant(XS[i:i + 8]), LABELS[i:i + 8])
    print(step, labels.tolist(), repr(float(ce)), repr(float(pen)), repr(float(grads[0][2, 5])),
          repr(float(grads[2][7, 1])), repr(float(grads[3][2])))

print(json.dumps({"w": [repr(float(v)) for v in MODEL.layers[0].kernel.numpy().ravel()[::2]]}))

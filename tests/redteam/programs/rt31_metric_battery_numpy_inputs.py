"""Metric logging in a co-executed classification step (zlib.crc32 of the
predicted classes): AUC(num_thresholds=7), Precision(top_k=2), Recall(class_id=1),
MeanIoU(num_classes=3), F1Score(average="macro", threshold=0.4) and
SparseTopKCategoricalAccuracy(k=2), each called with numpy arrays or Python lists
made from the model's outputs, some with a sample_weight list.  At step 12 the loop
sets f1.threshold = 0.25 and precision.thresholds edited in place; at step 18 it
resets two metrics.  Probes: built-in metric sites fed numpy/list inputs and
attribute edits after the build."""
import random

import numpy

random.seed(38)
numpy.random.seed(38)

import json
import zlib

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(3801)
rng = np.random.default_rng(3801)
XS = rng.normal(size=(64, 6)).astype(np.float32)
YS = (np.argmax(XS[:, :3] + 0.3 * rng.normal(size=(64, 3)), axis=1)).astype(np.int32)

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(3)])
xent = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = keras.optimizers.Adam(0.02)
auc = keras.metrics.AUC(num_thresholds=7)
prec = keras.metrics.Precision(top_k=2)
rec = keras.metrics.Recall(class_id=1, thresholds=0.3)
miou = keras.metrics.MeanIoU(num_classes=3)
f1 = keras.metrics.F1Score(average="macro", threshold=0.4)
topk = keras.metrics.SparseTopKCategoricalAccuracy(k=2)
ALL = [auc, prec, rec, miou, f1, topk]
crcs = []


def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = xent(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    probs = tf.nn.softmax(logits).numpy()
    pred = probs.argmax(axis=1)
    crcs.append(zlib.crc32(pred.astype(np.int64).tobytes()))
    onehot = np.eye(3, dtype=np.float32)[y]
    weights = [1.0 if p == t else 0.5 for p, t in zip(pred, y)]
    auc(onehot[:, 0], probs[:, 0], sample_weight=weights)
    prec(onehot, probs)
    rec(onehot.tolist(), probs.tolist())
    miou(y, pred)
    f1(onehot, probs)
    topk(y, probs, sample_weight=np.array(weights, dtype=np.float32))
    return loss


for step in range(30):
    if step == 12:
        f1.threshold = 0.25
        rec.thresholds[0] = 0.6
    if step == 18:
        auc.reset_state()
        miou.reset_state()
    i = (step * 8) % 56
    loss = train_step(XS[i:i + 8], YS[i:i + 8])
    print(step, repr(float(loss)), [repr(float(m.result())) for m in ALL])

print(json.dumps({
    "vars": [v.numpy().tolist() for v in model.trainable_variables],
    "opt": [v.numpy().tolist() for v in opt.variables],
    "metrics": [[v.numpy().tolist() for v in m.variables] for m in ALL],
    "crcs": crcs[-3:],
}))

"""A Sequential classifier whose step reads two debug/tuning knobs from the process
environment, as training scripts do: `float(os.environ.get("RT57_LABEL_SMOOTH", "0"))`
and `os.getenv("RT57_FREEZE_HEAD") == "1"` (which skips the head's update).
`os.environ` is a `MutableMapping` of the standard library over a private dict of
encoded strings.  Mid-run the loop changes the environment: at step 7 it sets
RT57_LABEL_SMOOTH to "0.2", at step 14 RT57_FREEZE_HEAD to "1", at step 20 it
changes RT57_LABEL_SMOOTH with `os.environ.update(...)`, at step 26
it deletes RT57_FREEZE_HEAD.  Both variables are removed again before the end.
Probes: standard-library mapping code (os.environ.get / os.getenv) called from the
step, over state that changes between calls."""
import random

import numpy

random.seed(5736)
numpy.random.seed(5736)

import json
import os

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(5736)
rng = np.random.default_rng(5736)
XS = rng.normal(size=(200, 6)).astype(np.float32)
YS = (XS[:, 0] + XS[:, 1] * XS[:, 2] > 0).astype(np.int32)
os.environ.pop("RT57_LABEL_SMOOTH", None)
os.environ.pop("RT57_FREEZE_HEAD", None)

BODY = keras.layers.Dense(10, activation="relu")
HEAD = keras.layers.Dense(2)
MODEL = keras.Sequential([keras.Input((6,)), BODY, HEAD])
OPT = keras.optimizers.SGD(learning_rate=0.1)


def train_step(x, y):
    smooth = float(os.environ.get("RT57_LABEL_SMOOTH", "0"))
    freeze_head = os.getenv("RT57_FREEZE_HEAD") == "1"
    onehot = tf.one_hot(y, 2) * (1.0 - smooth) + smooth / 2.0
    with tf.GradientTape() as tape:
        logits = MODEL(x, training=True)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(onehot, logits))
    variables = BODY.trainable_variables if freeze_head else MODEL.trainable_variables
    grads = tape.gradient(loss, variables)
    OPT.apply_gradients(zip(grads, variables))
    return loss, smooth, freeze_head


for step in range(32):
    if step == 7:
        os.environ["RT57_LABEL_SMOOTH"] = "0.2"
    if step == 14:
        os.environ["RT57_FREEZE_HEAD"] = "1"
    if step == 20:
        os.environ.update({"RT57_LABEL_SMOOTH": "0.05"})
    if step == 26:
        del os.environ["RT57_FREEZE_HEAD"]
    i = (step * 10) % 190
    loss, smooth, frozen = train_step(tf.constant(XS[i:i + 10]), tf.constant(YS[i:i + 10]))
    print(step, repr(float(loss)), repr(smooth), frozen,
          repr(float(HEAD.kernel.numpy()[0, 0])), repr(float(BODY.kernel.numpy()[0, 0])))

os.environ.pop("RT57_LABEL_SMOOTH", None)
os.environ.pop("RT57_FREEZE_HEAD", None)
print(json.dumps({
    "body": [repr(float(v)) for v in BODY.kernel.numpy().ravel()[:10]],
    "head": [repr(float(v)) for v in HEAD.kernel.numpy().ravel()],
}))

"""The same call site `logits = f(x)` calls different models over time: a global MODEL
rebound at steps 6 and 9, then f = MODELS[step % 3] cycling from step 12, a list entry
replaced by a fresh (unbuilt) model at step 20 and by a deeper model at step 26. The action
is drawn with np.random.choice on the model's probabilities (refused: NumPy on model
outputs), so the step is co-executed; the loss object is also swapped at step 16."""
import json

import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(202)
rng = np.random.default_rng(202)
X = rng.normal(size=(80, 5)).astype("float32")
Y = rng.integers(0, 3, size=(80,)).astype("int32")


def make_model(depth=1):
    layers = [keras.layers.Dense(8, activation="tanh") for _ in range(depth)]
    return keras.Sequential(layers + [keras.layers.Dense(3)])


MODELS = [make_model(), make_model(), make_model()]
for m in MODELS:
    m(X[:2])
MODEL = MODELS[0]
LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
ACTIONS = []


def flat(t):
    return np.asarray(t).ravel().tolist()


def train_step(x, y, step):
    f = MODELS[step % 3] if step >= 12 else MODEL
    with tf.GradientTape() as tape:
        logits = f(x)
        loss = LOSS(y, logits)
    probs = tf.nn.softmax(logits).numpy().astype(np.float64)
    p = probs[0] / probs[0].sum()
    a = int(np.random.choice(3, p=p))
    ACTIONS.append(a)
    grads = tape.gradient(loss, f.trainable_variables)
    for v, g in zip(f.trainable_variables, grads):
        v.assign_sub(0.1 * g * (1.0 + a))
    return loss, grads, a


for step in range(32):
    if step == 6:
        MODEL = MODELS[1]
    if step == 9:
        MODEL = MODELS[0]
    if step == 16:
        LOSS = keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction="sum")
    if step == 20:
        MODELS[2] = make_model()
    if step == 26:
        MODELS[1] = make_model(2)
    i = (step * 8) % 72
    loss, grads, a = train_step(tf.constant(X[i:i + 8]), tf.constant(Y[i:i + 8]), step)
    print(step, repr(float(loss)), a, flat(grads[-1]))
    print("  gk", flat(grads[0])[:10])

print(json.dumps({
    "models": [[repr(float(tf.reduce_sum(v))) for v in m.trainable_variables] for m in MODELS],
    "model0": [repr(float(tf.reduce_sum(v))) for v in MODEL.trainable_variables],
    "actions": ACTIONS,
    "np_state": int(np.random.randint(0, 2**31 - 1)),
}))

"""Streaming evaluation without a tape: `evaluate()` updates the global Keras metric ACC on a
held-out batch and returns float(ACC.result()) together with the metric's name. At step 14
(a new evaluation phase) the loop replaces ACC with a fresh
`SparseCategoricalAccuracy(name="acc_phase2")`, whose variables are created by its first
update_state; eager's running accuracy restarts from that batch and the old metric freezes."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(532)

rng = np.random.default_rng(36)
XS = rng.normal(size=(120, 4)).astype("float32")
YS = (np.argmax(XS[:, :3] + 0.5 * XS[:, 3:], axis=1)).astype("int64")
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="relu"),
                             tf.keras.layers.Dense(3)])
opt = tf.keras.optimizers.Adam(0.02)
sce = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
ACC = tf.keras.metrics.SparseCategoricalAccuracy(name="acc_phase1")
OLD = ACC


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = sce(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def evaluate(x, y):
    ACC.update_state(y, model(x, training=False))
    return float(ACC.result()), ACC.name


for step in range(30):
    if step == 14:
        ACC = tf.keras.metrics.SparseCategoricalAccuracy(name="acc_phase2")
    i = (step * 8) % 80
    loss = train_step(tf.constant(XS[i:i + 8]), tf.constant(YS[i:i + 8]))
    j = 80 + (step * 5) % 35
    acc, name = evaluate(tf.constant(XS[j:j + 5]), tf.constant(YS[j:j + 5]))
    print(step, repr(float(loss)), repr(acc), name)

print("old", OLD.name, repr(float(OLD.result())), [float(v) for v in OLD.variables])
print("new", ACC.name, repr(float(ACC.result())), [float(v) for v in ACC.variables])

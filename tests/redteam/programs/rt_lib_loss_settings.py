"""A Keras CategoricalCrossentropy object edited mid-run: its public label_smoothing attribute
(no effect in Keras 3, only read for get_config) at step 8, its _fn_kwargs label_smoothing
(which the loss does use) at 14, reduction "sum" at 21, from_logits flipped at 28 (the step
applies softmax when the attribute says so). A converter must follow exactly what eager uses."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(23)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(5)
XS = rng.normal(size=(60, 4))
LABELS = (XS[:, 0] + XS[:, 1] * XS[:, 2] > 0).astype(np.int64) + (XS[:, 3] > 0.8)
YS = np.eye(3)[LABELS]
X = tf.constant(XS)
Y = tf.constant(YS)

model = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    tf.keras.layers.Dense(12, activation="relu"),
    tf.keras.layers.Dense(3),
])
loss_fn = tf.keras.losses.CategoricalCrossentropy(from_logits=True)
acc = tf.keras.metrics.CategoricalAccuracy()
opt = tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.5)


def train_step(x, y):
    with tf.GradientTape() as tape:
        out = model(x, training=True)
        if not loss_fn.from_logits:
            out = tf.nn.softmax(out)
        loss = loss_fn(y, out)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    acc.update_state(y, out)
    return loss


for step in range(34):
    if step == 8:
        loss_fn.label_smoothing = 0.3
    elif step == 14:
        loss_fn._fn_kwargs["label_smoothing"] = 0.2
    elif step == 21:
        loss_fn.reduction = "sum"
    elif step == 28:
        loss_fn.from_logits = False
        loss_fn._fn_kwargs["from_logits"] = False
    i = (step % 3) * 20
    loss = train_step(X[i:i + 20], Y[i:i + 20])
    print(step, repr(float(loss)), repr(float(acc.result())), loss_fn.reduction,
          loss_fn._fn_kwargs["label_smoothing"])

print("kwargs", sorted(loss_fn._fn_kwargs.items()))
print("acc", float(acc.result()), float(acc.count) if hasattr(acc, "count") else None)
print("w", [float(tf.reduce_sum(tf.square(v))) for v in model.trainable_variables])

"""Python that TF or Keras calls back while a converted step is built, reading a value
the program changes mid-run
(docs/soundness.md#python-that-tf-or-keras-calls-back-while-building): a callable learning rate, a
LearningRateSchedule subclass, a custom activation, a Lambda layer, a tf.map_fn body,
a user layer inside a Sequential, a kernel constraint, a callback that writes Python
state, a user tf.function (which TF itself traces, in both modes alike), and an object a
library call returns whose attribute the program changes.
Under janus and JANUS_MODE=off; prints one JSON document.
"""

import json

import numpy as np
import tensorflow as tf

tf.keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(5)
STEPS, SWITCH = 14, 9
RNG = np.random.default_rng(5)
X = tf.constant(RNG.normal(size=(8, 3)))
Y = tf.constant(RNG.normal(size=(8, 1)))
results = {}


def record(name, *values):
    results.setdefault(name, []).append([np.asarray(v).tolist() for v in values])


def dense_model(**dense_kwargs):
    return tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, **dense_kwargs)])


# 1. A callable learning rate reading a global; set to 0 mid-run, eager stops learning.
LR = 0.05
lr_model = dense_model()
lr_opt = tf.keras.optimizers.SGD(learning_rate=lambda: LR)


def lr_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((lr_model(x) - y) ** 2)
    grads = tape.gradient(loss, lr_model.trainable_variables)
    lr_opt.apply_gradients(zip(grads, lr_model.trainable_variables))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        LR = 0.0
    record("callable_lr", lr_step(X, Y), lr_model.layers[0].kernel)


# 2. A LearningRateSchedule subclass reading its own attribute.
class Scaled(tf.keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self):
        self.scale = 0.1

    def __call__(self, step):
        return self.scale / (1.0 + tf.cast(step, tf.float64))

    def get_config(self):
        return {}


schedule = Scaled()
sched_model = dense_model()
sched_opt = tf.keras.optimizers.SGD(learning_rate=schedule)


def schedule_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((sched_model(x) - y) ** 2)
    grads = tape.gradient(loss, sched_model.trainable_variables)
    sched_opt.apply_gradients(zip(grads, sched_model.trainable_variables))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        schedule.scale = 0.5
    record("schedule", schedule_step(X, Y), sched_model.layers[0].kernel)


# 3. A custom activation reading a global.
SLOPE = 1.0


def leaky(x):
    return tf.where(x > 0, x, SLOPE * x)


act_model = dense_model(activation=leaky)
act_opt = tf.keras.optimizers.SGD(0.05)


def activation_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((act_model(x) - y) ** 2)
    grads = tape.gradient(loss, act_model.trainable_variables)
    act_opt.apply_gradients(zip(grads, act_model.trainable_variables))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        SLOPE = 0.25
    record("activation", activation_step(X, Y), act_model.layers[0].kernel)


# 4. A Lambda layer reading an attribute of a config object.
class Config:
    shift = 0.0


config = Config()
lambda_model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1),
                                    tf.keras.layers.Lambda(lambda t: t + config.shift)])
lambda_opt = tf.keras.optimizers.SGD(0.05)


def lambda_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((lambda_model(x) - y) ** 2)
    grads = tape.gradient(loss, lambda_model.trainable_variables)
    lambda_opt.apply_gradients(zip(grads, lambda_model.trainable_variables))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        config.shift = 2.0
    record("lambda_layer", lambda_step(X, Y), lambda_model.layers[0].kernel)


# 5. A tf.map_fn body reading a global.
POWER = 2.0
map_w = tf.Variable(np.ones((3, 1)))
map_opt = tf.keras.optimizers.SGD(0.01)


def per_row(row):
    return tf.reduce_sum(tf.abs(row) ** POWER)


def map_step(x, y):
    with tf.GradientTape() as tape:
        penalties = tf.map_fn(per_row, x)
        loss = tf.reduce_mean((tf.matmul(x, map_w) - y) ** 2) + 0.01 * tf.reduce_mean(
            penalties * tf.reduce_sum(map_w))
    grads = tape.gradient(loss, [map_w])
    map_opt.apply_gradients(zip(grads, [map_w]))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        POWER = 3.0
    record("map_fn", map_step(X, Y), map_w)


# 6. A user layer inside a Sequential (Keras calls its call()), reading its attribute.
class Gain(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.gain = 1.0

    def call(self, inputs):
        return inputs * self.gain


gain = Gain()
gain_model = tf.keras.Sequential([tf.keras.Input((3,)), gain, tf.keras.layers.Dense(1)])
gain_opt = tf.keras.optimizers.SGD(0.05)


def gain_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((gain_model(x) - y) ** 2)
    grads = tape.gradient(loss, gain_model.trainable_variables)
    gain_opt.apply_gradients(zip(grads, gain_model.trainable_variables))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        gain.gain = 0.5
    record("user_layer", gain_step(X, Y), gain_model.layers[1].kernel)


# 7. A kernel constraint (the optimizer applies it after each update) reading a global.
LIMIT = 10.0


def clip(w):
    return tf.clip_by_value(w, -LIMIT, LIMIT)


clip_model = dense_model(kernel_constraint=clip)
clip_opt = tf.keras.optimizers.SGD(0.5)


def constraint_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((clip_model(x) - y) ** 2)
    grads = tape.gradient(loss, clip_model.trainable_variables)
    clip_opt.apply_gradients(zip(grads, clip_model.trainable_variables))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        LIMIT = 0.01
    record("constraint", constraint_step(X, Y), clip_model.layers[0].kernel)


# 8. A Lambda layer that writes Python state: once per eager call, once per graph call.
calls = []
count_model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1),
                                   tf.keras.layers.Lambda(lambda t: calls.append(1) or t)])
count_opt = tf.keras.optimizers.SGD(0.05)


def counting_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((count_model(x) - y) ** 2)
    grads = tape.gradient(loss, count_model.trainable_variables)
    count_opt.apply_gradients(zip(grads, count_model.trainable_variables))
    return loss


for i in range(STEPS):
    record("counting", counting_step(X, Y))
results["calls"] = len(calls)


# 9. A user tf.function: TF traces it once and keeps what it read, eagerly too.
OFFSET = 1.0


@tf.function
def offset(t):
    return t + OFFSET


fn_w = tf.Variable(np.ones((3, 1)))
fn_opt = tf.keras.optimizers.SGD(0.05)


def tf_function_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((offset(tf.matmul(x, fn_w)) - y) ** 2)
    grads = tape.gradient(loss, [fn_w])
    fn_opt.apply_gradients(zip(grads, [fn_w]))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        OFFSET = 5.0
    record("tf_function", tf_function_step(X, Y), fn_w)


# 10. An object a library call returns (model.get_layer), whose attribute changes.
class Scale(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__(name="scale")
        self.factor = 1.0

    def call(self, inputs):
        return inputs * self.factor


scale_model = tf.keras.Sequential([tf.keras.Input((3,)), Scale(), tf.keras.layers.Dense(1)])
scale_opt = tf.keras.optimizers.SGD(0.05)


def returned_object_step(x, y):
    with tf.GradientTape() as tape:
        pred = scale_model(x) * scale_model.get_layer("scale").factor
        loss = tf.reduce_mean((pred - y) ** 2)
    grads = tape.gradient(loss, scale_model.trainable_variables)
    scale_opt.apply_gradients(zip(grads, scale_model.trainable_variables))
    return loss


for i in range(STEPS):
    if i == SWITCH:
        scale_model.get_layer("scale").factor = 3.0
    record("returned_object", returned_object_step(X, Y), scale_model.layers[1].kernel)

print(json.dumps(results))

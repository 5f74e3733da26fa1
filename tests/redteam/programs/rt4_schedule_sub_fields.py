"""Warm-up/decay LearningRateSchedule subclass driving a Keras Adam in a custom loop.
Adam calls the schedule (program code) with its iteration count while applying updates;
the step also prints float(opt.learning_rate), a fresh tensor the schedule makes per read.
At step 18 the loop sets sched.peak = 0.002 and sched.decay = 0.5 (were 0.02 / 0.05)."""
import numpy as np
import tensorflow as tf
import keras

keras.backend.set_floatx("float64")
tf.keras.utils.set_random_seed(8)
rng = np.random.default_rng(8)
X = tf.constant(rng.normal(size=(36, 6)))
Y = tf.constant((rng.uniform(size=(36,)) > 0.5).astype("float64").reshape(-1, 1))


class WarmupDecay(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, peak, warmup, decay):
        self.peak = peak
        self.warmup = warmup
        self.decay = decay

    def __call__(self, step):
        step = tf.cast(step, "float64")
        warm = self.peak * (step + 1.0) / self.warmup
        cool = self.peak / (1.0 + self.decay * (step - self.warmup))
        return tf.where(step < self.warmup, warm, cool)

    def get_config(self):
        return {"peak": self.peak, "warmup": self.warmup, "decay": self.decay}


sched = WarmupDecay(peak=0.02, warmup=6.0, decay=0.05)
opt = keras.optimizers.Adam(learning_rate=sched)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(5, activation="relu"),
                          keras.layers.Dense(1)])
bce = keras.losses.BinaryCrossentropy(from_logits=True)


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = bce(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss, float(opt.learning_rate)


for step in range(40):
    if step == 18:
        sched.peak = 0.002
        sched.decay = 0.5
    loss, lr = train_step(X, Y)
    print(step, repr(float(loss)), repr(lr))

print("final", repr(float(sum(tf.reduce_sum(v) for v in model.trainable_variables))),
      int(opt.iterations), sched.get_config())

"""Library objects edited mid-run: an ExponentialDecay schedule's decay_rate (step 8) and
staircase flag (step 15) that the optimizer calls on every apply; a Mean metric reset with
reset_state() at step 20; Sequential.pop() removing the last hidden layer at step 25 (the
model is rebuilt; its trainable_variables shrink). Each is read inside library code."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(26)
tf.keras.backend.set_floatx("float64")

rng = np.random.default_rng(8)
X = tf.constant(rng.normal(size=(40, 3)))
Y = tf.constant(rng.normal(size=(40, 4)))

model = tf.keras.Sequential([
    tf.keras.Input(shape=(3,)),
    tf.keras.layers.Dense(4, activation="tanh"),
    tf.keras.layers.Dense(4, activation="tanh"),
    tf.keras.layers.Dense(4),
])
sched = tf.keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=4, decay_rate=0.9)
opt = tf.keras.optimizers.SGD(learning_rate=sched)
opt.build(model.trainable_variables)
metric = tf.keras.metrics.Mean()


def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    metric.update_state(loss)
    return loss


for step in range(32):
    if step == 8:
        sched.decay_rate = 0.5
    elif step == 15:
        sched.staircase = True
    elif step == 20:
        metric.reset_state()
    elif step == 25:
        model.pop()
    loss = train_step(X, Y)
    print(step, repr(float(loss)), repr(float(metric.result())),
          repr(float(sched(opt.iterations))), len(model.layers))

print("layers", [l.name for l in model.layers])
print("metric", float(metric.total), float(metric.count))
print("w", [repr(float(tf.reduce_sum(tf.square(v)))) for v in model.trainable_variables])

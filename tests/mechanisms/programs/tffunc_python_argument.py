"""The program's own tf.function takes a Python float (a temperature the loop anneals every
6 steps): eager traces it once per value, and each trace records the value it baked in."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(10)
TRACED = []


@tf.function
def soft_targets(logits, temperature):
    TRACED.append(temperature)
    return tf.nn.softmax(logits / temperature)


rng = np.random.default_rng(10)
X = tf.constant(rng.normal(size=(12, 4)))
TEACHER = tf.constant(rng.normal(size=(12, 3)))
W = tf.Variable(rng.normal(size=(4, 3)) * 0.2)
TEMPERATURE = 4.0


def train_step(x, teacher):
    with tf.GradientTape() as tape:
        target = soft_targets(teacher, TEMPERATURE)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(target, x @ W))
    W.assign_sub(0.2 * tape.gradient(loss, W))
    return loss


for step in range(28):
    if step and step % 6 == 0:
        TEMPERATURE = TEMPERATURE / 2
    loss = train_step(X, TEACHER)
    print(step, repr(float(loss)), TEMPERATURE, TRACED)
print("W", W.numpy().ravel().tolist())

"""Tensor identity between arguments: the step takes (x, x_aug) and skips the consistency
term when the loop hands the same tensor twice (`x_aug is x`); it returns x_aug, which the
loop compares with what it passed.  The loop switches between aliased and distinct
arguments every few steps."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(6)
rng = np.random.default_rng(6)
X = tf.constant(rng.normal(size=(16, 4)))
NOISY = X + tf.constant(rng.normal(size=(16, 4)) * 0.1)
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(rng.normal(size=(4, 1)) * 0.1)
TAGS = []


def train_step(x, x_aug, y):
    with tf.GradientTape() as tape:
        pred = x @ W
        loss = tf.reduce_mean(tf.square(pred - y))
        if x_aug is not x:
            loss = loss + 0.5 * tf.reduce_mean(tf.square(x_aug @ W - pred))
            TAGS.append("aug")
        else:
            TAGS.append("same")
    W.assign_sub(0.1 * tape.gradient(loss, W))
    return loss, x_aug


for step in range(26):
    aug = X if (step // 4) % 2 else NOISY
    loss, back = train_step(X, aug, Y)
    print(step, repr(float(loss)), TAGS[-1], back is aug, back is X)
print("W", W.numpy().ravel().tolist(), "".join(t[0] for t in TAGS))

"""Python int arithmetic the step does on numbers it derives from the loss: floor division,
modulo and divmod with negatives, a bit shift, an int that grows past 2**63, and round()
to an int; results are stored on an object and printed with their types."""
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(14)
rng = np.random.default_rng(14)
X = tf.constant(rng.normal(size=(16, 3)))
Y = tf.constant(rng.normal(size=(16, 1)))
W = tf.Variable(np.array([[0.3], [-0.2], [0.1]]))


class Book:
    big = 2 ** 60
    parts = None


B = Book()


def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x @ W - y))
    W.assign_sub(0.1 * tape.gradient(loss, W))
    milli = round(float(loss) * 1000) - 900
    B.big = B.big * 2 if step % 3 == 0 else B.big
    B.parts = (milli // 7, milli % 7, divmod(milli, -5), milli << 2, round(milli / 3))
    return loss


for step in range(24):
    loss = train_step(X, Y, step)
    print(step, repr(float(loss)), B.parts, [type(p).__name__ for p in B.parts], B.big > 2 ** 63)
print("B", B.parts, B.big)

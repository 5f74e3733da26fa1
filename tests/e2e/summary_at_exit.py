"""A step writes summaries under a default file writer; the writer flushes when the
interpreter exits, after CPython has emptied the modules' dicts
(tests/e2e/test_hot_code.py)."""
import tempfile
import tensorflow as tf
writer = tf.summary.create_file_writer(tempfile.mkdtemp())
w = tf.Variable(1.0)
def step(x):
    with tf.GradientTape() as t:
        l = w * x
    w.assign_sub(0.1 * t.gradient(l, w))
    tf.summary.scalar("l", l, step=1)
with writer.as_default():
    for i in range(10):
        step(tf.constant(float(i)))
print("done")

"""A hand-written optimizer built from TF's fused training kernels instead of assigns:
tf.raw_ops.ResourceApplyMomentum for the kernel, a strided-slice assign
(`B[:2].assign(...)`, ResourceStridedSliceAssign) plus ResourceApplyGradientDescent for
the bias, and ResourceScatterNdAdd (`HITS.scatter_nd_add`) for per-class label counts.
After all of them the step runs a sanity assertion on the *input batch*
(tf.debugging.assert_less on max |x|), which fails for a few outlier batches.  In eager
every update of that step has already happened when the assertion raises; the loop
catches InvalidArgumentError.

Probes: gating of updates that are not AssignVariableOp/AssignAdd/AssignSub.  The
assertion does not depend on any update, so a sound graph holds every update behind it
(then the interpreter's re-run applies them once).  A converter whose list of "update
ops" misses ResourceApply*/StridedSliceAssign/ScatterNdAdd lets the graph apply them
before the assertion fails and the re-run applies them a second time (momentum
accumulator, label counts and kernel visibly doubled at the outlier steps).
"""
import json

import keras
import numpy as np
import tensorflow as tf

keras.utils.set_random_seed(1404)
rng = np.random.default_rng(1404)

N_STEPS = 36
XS = rng.normal(size=(N_STEPS, 8, 4)).astype(np.float32)
LAB = rng.integers(0, 3, size=(N_STEPS, 8)).astype(np.int32)
OUTLIERS = {8, 9, 23, 31}
for s in OUTLIERS:
    XS[s, 2, 1] = 60.0

W = tf.Variable(rng.normal(size=(4, 3)).astype(np.float32) * 0.2, name="W")
MOM = tf.Variable(tf.zeros([4, 3]), name="mom")
B = tf.Variable(tf.zeros([4]), name="B")   # only the first 3 are used as the bias
B_EXTRA = tf.Variable(tf.zeros([3]), name="b_extra")
HITS = tf.Variable(tf.zeros([3], tf.int32), name="hits")
LR = tf.constant(0.05)
MOMENTUM = tf.constant(0.9)


def train_step(x, labels):
    with tf.GradientTape() as tape:
        logits = x @ W + B[:3] + B_EXTRA
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    gw, gb, gbe = tape.gradient(loss, [W, B, B_EXTRA])
    tf.raw_ops.ResourceApplyMomentum(var=W.handle, accum=MOM.handle, lr=LR, grad=gw,
                                     momentum=MOMENTUM)
    B[:2].assign(B[:2] - 0.05 * gb[:2])
    tf.raw_ops.ResourceApplyGradientDescent(var=B_EXTRA.handle, alpha=LR, delta=gbe)
    HITS.scatter_nd_add(tf.expand_dims(labels, 1), tf.ones_like(labels))
    tf.debugging.assert_less(tf.reduce_max(tf.abs(x)), 50.0, message="outlier batch")
    return loss


done = []
for step in range(N_STEPS):
    try:
        loss = train_step(tf.constant(XS[step]), tf.constant(LAB[step]))
        done.append(step)
        msg = repr(float(loss))
    except tf.errors.InvalidArgumentError as e:
        msg = "FAILED outlier=%s" % ("outlier batch" in str(e))
    if step % 4 == 0 or step in OUTLIERS:
        print(step, msg, "W00=%r" % float(W.numpy()[0, 0]),
              "mom=%r" % float(tf.reduce_sum(tf.abs(MOM))),
              "B=%r" % [float(v) for v in B.numpy()],
              "Bx=%r" % [float(v) for v in B_EXTRA.numpy()],
              "hits=%s" % HITS.numpy().tolist())

print(json.dumps({
    "W": [repr(float(v)) for v in W.numpy().ravel()],
    "mom": [repr(float(v)) for v in MOM.numpy().ravel()],
    "B": [repr(float(v)) for v in B.numpy()],
    "B_extra": [repr(float(v)) for v in B_EXTRA.numpy()],
    "hits": HITS.numpy().tolist(),
    "done": len(done),
}))

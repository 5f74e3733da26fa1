"""Ops whose gradient functions read the op's attributes, in a helper janus takes over
(train_step refused: model-probability draw and crc32) under train_step's tape: Conv2D with
SAME padding and strides, explicit-padding conv, MaxPool and AvgPool (ksize/strides),
depthwise conv, conv2d_transpose, MatMul with transposes, BatchMatMul adjoints, einsum,
strided slices with masks, MirrorPad, cumsum exclusive/reverse, gather with batch_dims,
ResizeBilinear with half_pixel_centers, LRN, Softmax on an axis, segment sums. A record
built with another attribute value gives another gradient."""
import json
import zlib

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(291)
rng = np.random.default_rng(291)
IMGS = rng.normal(size=(40, 6, 6, 2)).astype(np.float32)
K = tf.Variable(rng.normal(size=(3, 3, 2, 3)).astype(np.float32) * 0.3, name="K")
DK = tf.Variable(rng.normal(size=(2, 2, 3, 2)).astype(np.float32) * 0.3, name="DK")
TK = tf.Variable(rng.normal(size=(2, 2, 4, 6)).astype(np.float32) * 0.3, name="TK")
M = tf.Variable(rng.normal(size=(4, 5)).astype(np.float32) * 0.3, name="M")
PICK = np.random.default_rng(30)


def features(img):
    a = tf.nn.conv2d(img, K, strides=2, padding="SAME")
    b = tf.nn.conv2d(img, K, strides=1, padding=[[0, 0], [1, 0], [0, 1], [0, 0]])
    mp = tf.nn.max_pool2d(b, ksize=3, strides=2, padding="VALID")
    ap = tf.nn.avg_pool2d(b, ksize=2, strides=1, padding="SAME")
    dw = tf.nn.depthwise_conv2d(ap, DK, strides=[1, 1, 1, 1], padding="SAME")
    tr = tf.nn.conv2d_transpose(a[..., :1] * tf.ones([1, 1, 1, 6]), TK, output_shape=[4, 6, 6, 4],
                                strides=2, padding="SAME")
    lrn = tf.nn.local_response_normalization(dw[..., :4] if dw.shape[-1] >= 4 else tf.concat([dw, dw], -1),
                                             depth_radius=1, bias=1.5, alpha=0.3, beta=0.6)
    return a, mp, tr, lrn


def algebra(a):
    flat = tf.reshape(a, [4, -1])[:, :4]
    m1 = tf.matmul(flat, M, transpose_a=True)
    m2 = tf.matmul(M, flat, transpose_a=True, transpose_b=True)
    bm = tf.linalg.matmul(tf.stack([flat, flat * 2.0]), tf.stack([flat, flat]), adjoint_b=True)
    es = tf.einsum("ij,jk->ik", flat, M)
    sl = es[::-1, 1::2, tf.newaxis]
    pad = tf.pad(flat, [[1, 1], [2, 1]], mode="REFLECT")
    cs = tf.cumsum(pad, axis=1, exclusive=True, reverse=True)
    gb = tf.gather(es, tf.constant([[0, 2], [1, 1], [4, 3], [2, 0]]), axis=1, batch_dims=1)
    rs = tf.image.resize(tf.reshape(es, [1, 4, 5, 1]), [7, 3], method="bilinear")
    sm = tf.nn.softmax(es, axis=0)
    seg = tf.math.unsorted_segment_sum(es, tf.constant([1, 0, 1, 2]), num_segments=3)
    return [m1, m2, bm, sl, cs, gb, rs, sm, seg]


def train_step(img):
    with tf.GradientTape() as tape:
        tape.watch(img)
        a, mp, tr, lrn = features(img)
        parts = algebra(a)
        loss = tf.reduce_sum(tf.square(mp)) + tf.reduce_sum(tr * 0.1) + tf.reduce_sum(lrn * lrn) * 0.2
        for i, t in enumerate(parts):
            loss = loss + tf.reduce_sum(t * t) * (0.01 * (i + 1))
    grads = tape.gradient(loss, [K, DK, TK, M, img])
    p = tf.nn.softmax(tf.reshape(mp, [-1])[:3]).numpy().astype(np.float64)
    pick = int(PICK.choice(3, p=p / p.sum()))
    crc = zlib.crc32(b"".join(g.numpy().tobytes() for g in grads))
    for v, g in zip([K, DK, TK, M], grads):
        v.assign_sub(0.001 * tf.clip_by_value(g, -10.0, 10.0))
    return loss, grads, pick, crc


for step in range(30):
    img = tf.constant(IMGS[step % 36:step % 36 + 4])
    loss, grads, pick, crc = train_step(img)
    print(step, repr(float(loss)), pick, crc)
    print("   ", [g.numpy().ravel().tolist()[:3] for g in grads])

print(json.dumps({v.name: float(np.sum(v.numpy().astype(np.float64))) for v in [K, DK, TK, M]}))

"""The step reports through four channels, inside nested branches on the loss: print in
the outer arm, print in one inner arm and logging.info (a StreamHandler on sys.stdout
with %(funcName)s:%(lineno)d) in the other, tf.print(..., output_stream=sys.stdout) after
the inner branch still in the outer arm, and sys.stdout.write of a constant line at the
end of the step; the outer else arm uses print with sep/end.  The loss values are a fixed
per-call input so all arms are taken in the first calls.  Probes: the order and content of
output from four mechanisms in nested arms of branches on tensors."""
import random

import numpy

random.seed(415)
numpy.random.seed(415)

import json
import logging
import sys

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(3835)
VALS = rng.uniform(size=(26,)).astype(np.float32)
log = logging.getLogger("rt38")
h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("LOG %(levelname)s %(funcName)s:%(lineno)d %(message)s"))
log.addHandler(h)
log.setLevel(logging.INFO)
log.propagate = False
N = {"calls": 0}


def report(v):
    with tf.GradientTape() as tape:
        tape.watch(v)
        loss = tf.reduce_sum(v * 2.0)
    N["calls"] += 1
    if loss > 0.6:
        print("outer", N["calls"], float(loss))
        if loss > 1.4:
            print("  inner-high", f"{float(loss):.4f}")
        else:
            log.info("inner-low %.3f", float(loss))
        tf.print("  tfprint", loss, output_stream=sys.stdout)
    else:
        print("small", float(loss), sep="|", end=";\n")
    sys.stdout.write("end-of-step\n")
    return loss


for step in range(len(VALS)):
    loss = report(tf.constant(VALS[step:step + 1]))
    print(step, repr(float(loss)))

print(json.dumps(N))

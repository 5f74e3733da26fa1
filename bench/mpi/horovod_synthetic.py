"""A Horovod-API synthetic benchmark (the calls Horovod's TF2 synthetic ResNet example
makes: init, local_rank for GPU pinning, DistributedGradientTape with optional fp16
compression, broadcast_variables of model and optimizer after the first step, inside a
tf.function), on a Keras application model with random data.

    mpiexec -n 2 bin/janus-python bench/mpi/horovod_synthetic.py --model ResNet50 \
        --batch-size 4 [--fp16-allreduce] [--janus]

`--janus` leaves the step without tf.function: janus converts it instead.  Rank 0 prints
images/s per rank and in total.
"""

import argparse
import statistics
import time

import horovod.tensorflow as hvd
import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument("--model", default="ResNet50")
parser.add_argument("--batch-size", type=int, default=4)
parser.add_argument("--image-size", type=int, default=224)
parser.add_argument("--fp16-allreduce", action="store_true")
parser.add_argument("--janus", action="store_true")
parser.add_argument("--warmup", type=int, default=4)
parser.add_argument("--iterations", type=int, default=3)
parser.add_argument("--batches-per-iteration", type=int, default=3)
args = parser.parse_args()

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")

model = getattr(tf.keras.applications, args.model)(
    weights=None, input_shape=(args.image_size, args.image_size, 3))
opt = tf.keras.optimizers.SGD(0.01)
images = tf.random.uniform([args.batch_size, args.image_size, args.image_size, 3])
labels = tf.random.uniform([args.batch_size, 1], maxval=999, dtype=tf.int64)
compression = hvd.Compression.fp16 if args.fp16_allreduce else hvd.Compression.none


def step(first_batch):
    with tf.GradientTape() as tape:
        probabilities = model(images, training=True)
        loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(
            labels, probabilities))
    tape = hvd.DistributedGradientTape(tape, compression=compression)
    gradients = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(gradients, model.trainable_variables))
    if first_batch:
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(opt.variables, root_rank=0)
    return loss


run = step if args.janus else tf.function(step)
run(True)
for _ in range(args.warmup):
    run(False)
rates = []
for _ in range(args.iterations):
    start = time.perf_counter()
    for _ in range(args.batches_per_iteration):
        float(run(False))
    rates.append(args.batch_size * args.batches_per_iteration / (time.perf_counter() - start))
check = hvd.allreduce(tf.reduce_sum(model.trainable_variables[0]), op=hvd.Sum)
same = abs(float(check) - hvd.size() * float(tf.reduce_sum(model.trainable_variables[0])))
if hvd.rank() == 0:
    print(f"model {args.model} batch {args.batch_size} ranks {hvd.size()} "
          f"images/s per rank {statistics.median(rates):.2f} "
          f"total {hvd.size() * statistics.median(rates):.2f} "
          f"weights differ across ranks by {same:.3g}", flush=True)

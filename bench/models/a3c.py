"""A3C-style actor-critic on gymnasium's CartPole (one worker, n-step returns).

A plain eager TF2 program.  Each update collects 32 frames with the current policy and
takes one actor-critic step; the step also keeps Python bookkeeping: a global update
counter and a list of losses on the worker.
"""

import numpy as np
import tensorflow as tf

import common
import rl

UPDATES = 0


class Worker:
    def __init__(self, seed):
        self.model = rl.ActorCritic()
        self.optimizer = tf.keras.optimizers.Adam(0.003)
        self.rollouts = rl.Rollouts(seed)
        self.losses = []


def train_step(worker, observations, actions, returns, advantages):
    global UPDATES
    with tf.GradientTape() as tape:
        logits, values = worker.model(observations)
        logp = tf.nn.log_softmax(logits)
        chosen = tf.reduce_sum(logp * tf.one_hot(actions, 2), axis=1)
        entropy = -tf.reduce_mean(tf.reduce_sum(tf.exp(logp) * logp, axis=1))
        policy_loss = -tf.reduce_mean(chosen * advantages)
        value_loss = tf.reduce_mean(tf.square(returns - values))
        loss = policy_loss + 0.5 * value_loss - 0.01 * entropy
    variables = worker.model.variables()
    worker.optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    worker.losses.append(loss)
    UPDATES += 1
    return loss


def main(argv=None):
    args = common.arguments(__doc__, steps=40, argv=argv)
    worker = Worker(args.seed)
    step = common.wrap(train_step, args.wrap)
    meter = common.Meter("frames/s", args)
    for _ in range(args.steps):
        obs, actions, rewards, dones, values, _, last = worker.rollouts.collect(
            worker.model, 32)
        advantages, returns = rl.discounted(rewards, dones, values, last)
        meter.step(step(worker, obs, actions, returns, advantages), len(rewards))
    print(f"updates {UPDATES} episodes {len(rl.EPISODE_RETURNS)} "
          f"mean return {np.mean(rl.EPISODE_RETURNS[-10:] or [0]):.1f}")
    meter.report()


if __name__ == "__main__":
    main()

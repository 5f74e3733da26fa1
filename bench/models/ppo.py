"""PPO with a clipped objective on gymnasium's CartPole.

A plain eager TF2 program: rollouts of 128 frames, GAE advantages in NumPy, then 4
epochs of minibatch updates; the update step counts minibatches in a global and keeps
running means of the clip fraction in a dict.
"""

import numpy as np
import tensorflow as tf

import common
import rl

MINIBATCHES = 0
RUNNING = {"clip_fraction": 0.0, "approx_kl": 0.0}


def train_step(model, optimizer, observations, actions, old_logp, advantages, returns):
    global MINIBATCHES
    with tf.GradientTape() as tape:
        logits, values = model(observations)
        logp = tf.reduce_sum(tf.nn.log_softmax(logits) * tf.one_hot(actions, 2), axis=1)
        ratio = tf.exp(logp - old_logp)
        clipped = tf.clip_by_value(ratio, 0.8, 1.2)
        policy_loss = -tf.reduce_mean(tf.minimum(ratio * advantages, clipped * advantages))
        value_loss = tf.reduce_mean(tf.square(returns - values))
        loss = policy_loss + 0.5 * value_loss
    variables = model.variables()
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    fraction = tf.reduce_mean(tf.cast(tf.abs(ratio - 1.0) > 0.2, tf.float32))
    RUNNING["clip_fraction"] = 0.9 * RUNNING["clip_fraction"] + 0.1 * float(fraction)
    RUNNING["approx_kl"] = 0.9 * RUNNING["approx_kl"] + \
        0.1 * float(tf.reduce_mean(old_logp - logp))
    MINIBATCHES += 1
    return loss


def main(argv=None):
    args = common.arguments(__doc__, steps=64, argv=argv)
    model, optimizer = rl.ActorCritic(), tf.keras.optimizers.Adam(0.001)
    rollouts = rl.Rollouts(args.seed)
    shuffle = np.random.default_rng(args.seed)
    step = common.wrap(train_step, args.wrap)
    meter = common.Meter("frames/s", args)
    while len(meter.losses) < args.steps:
        obs, actions, rewards, dones, values, logps, last = rollouts.collect(model, 128)
        advantages, returns = rl.discounted(rewards, dones, values, last, lam=0.95)
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        for _ in range(4):
            order = shuffle.permutation(len(rewards))
            for part in np.split(order, 4):
                if len(meter.losses) == args.steps:
                    break
                loss = step(model, optimizer, obs[part], actions[part], logps[part],
                            advantages[part].astype(np.float32),
                            returns[part].astype(np.float32))
                # The frames a minibatch stands for: a rollout spread over its updates.
                meter.step(loss, len(rewards) / 16)
    print(f"minibatches {MINIBATCHES} episodes {len(rl.EPISODE_RETURNS)} "
          f"clip fraction {RUNNING['clip_fraction']:.3f}")
    meter.report()


if __name__ == "__main__":
    main()

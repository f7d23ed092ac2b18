import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return x


clip_gradient.defvjp(lambda x: (x, None), lambda _, g: (jnp.clip(g, -1.0, 1.0),))


def f(x):
    return jnp.sum(clip_gradient(x) ** 2)


x = jnp.array([-2.0, 0.1, 3.0])
for name, fn in [("jax.nn.relu", jax.nn.relu), ("f, with clip_gradient", f)]:
    lowered = jax.jit(fn).lower(x)
    print(f"--- {name}: StableHLO")
    print(lowered.as_text())
    optimized = lowered.compile().as_text()
    print(f"--- {name}: optimized HLO has", optimized.count(" call("), "call instructions")

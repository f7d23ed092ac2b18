# A second list of calls for recipes/dump_folder.py: a lambda, a functools.partial, a grad,
# bf16 and int16 arguments of 4096 and 3 elements, and one call that hits the cache.
import functools


def scale(x, factor):
    return x * factor


big = jnp.ones(4096, jnp.bfloat16)
calls = [(lambda x: x + 1, (big,)), (functools.partial(scale, factor=3), (jnp.arange(3, dtype=jnp.int16),)),
         (jax.grad(lambda x: (x**2).sum()), (jnp.ones(3),))]
calls.append(calls[1])  # the same call again: from the cache, no new module

# A second function for recipes/dump_my_function.py: another name (so another regex), tiny
# int16 arrays, and a loop, whose body becomes computations of its own inside the module.
os.environ["XLA_FLAGS"] = "--xla_dump_to=dump --xla_dump_hlo_module_re=^jit_running_max$ --xla_dump_hlo_as_text"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402


def running_max(xs):
    return jax.lax.scan(lambda c, x: (jnp.maximum(c, x), c), xs[0], xs)[1]


jitted = jax.jit(running_max)
args = (jnp.arange(6, dtype=jnp.int16).reshape(3, 2),)

import jax
import jax.numpy as jnp
from jax import lax

xs = jnp.arange(5.0)


def scaled_cumsum(xs, w):
    """The running total, scaled by w at each step: the step closes over w."""
    return lax.scan(lambda total, x: (total * w + x, total), 0.0, xs)


hlo = jax.jit(scaled_cumsum).lower(xs, 2.0).as_text(dialect="hlo")
start = next(line for line in hlo.splitlines() if "while.5 = " in line)
print("closing over w, the loop's starting state:")
print("   ", start.strip())

print("unroll  while  dynamic-slice  slice")
for unroll in [1, 2, True]:
    def cumsum(xs):
        return lax.scan(lambda c, x: (c + x, c + x), 0.0, xs, unroll=unroll)
    text = jax.jit(cumsum).lower(xs).as_text(dialect="hlo")
    loops, dynamic, static = [text.count(f" {op}(") for op in ("while", "dynamic-slice", "slice")]
    print(f"{unroll!s:<8}{loops:<7}{dynamic:<15}{static}")

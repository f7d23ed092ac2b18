import jax
import jax.numpy as jnp
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py


def f(q, k, v):  # the function above, at three sizes
    scores = q @ k.T / 8.0  # [n, n]
    return jax.nn.softmax(scores, axis=-1) @ v


for n in (256, 16384, 65536, 262144):
    shapes = [jax.ShapeDtypeStruct((n, 64), jnp.float32)] * 3  # shapes alone: no array is made
    try:
        m = target.compile(f, *shapes).memory_analysis()
    except jax.errors.JaxRuntimeError as error:  # the compile refused the program
        print(f"n = {n:>6}: no program; {str(error).splitlines()[0]}")
    else:
        print(f"n = {n:>6}: scores {4 * n * n:>14,} bytes; memory_analysis(): argument {m.argument_size_in_bytes:>10,},"
              f" output {m.output_size_in_bytes:>10,}, temp {m.temp_size_in_bytes:>14,}")

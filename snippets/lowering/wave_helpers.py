import jax
import jax.numpy as jnp


def hlo_before_passes(f, *args):
    """HLO before XLA's passes: the lowered module, converted from StableHLO."""
    return jax.jit(f).lower(*args).compiler_ir("hlo").as_hlo_text()


def hlo_after_passes(f, *args):
    """HLO after XLA's pipeline for this machine's backend."""
    return jax.jit(f).lower(*args).compile().as_text()


def wave(x):
    inner = jnp.cos(x)
    return jnp.sin(inner)


print(hlo_before_passes(wave, 3.0))
print(hlo_after_passes(wave, 3.0))

import jax
import jax.numpy as jnp

from hlo_stats import stats

# A matrix-vector product followed by an add, in four shapes, with and without the
# YNNPACK rewrite: which fusion kinds does the compiled module hold?
cases = {
    "A @ v + b, [8,16] @ [16]": (lambda a, v, b: a @ v + b, ((8, 16), (16,), (8,))),
    "v @ A + b, [16] @ [16,8]": (lambda v, a, b: v @ a + b, ((16,), (16, 8), (8,))),
    "[1,16] @ [16,8] + b": (lambda v, a, b: v @ a + b, ((1, 16), (16, 8), (1, 8))),
    "[8,16] @ [16,1] + b": (lambda a, v, b: a @ v + b, ((8, 16), (16, 1), (8, 1))),
}
for name, (f, shapes) in cases.items():
    lowered = jax.jit(f).lower(*(jnp.ones(shape) for shape in shapes))
    for options in [{}, {"xla_cpu_experimental_ynn_fusion_type": ""}]:
        kinds = dict(stats(lowered.compile(options).as_text())["fusion_kinds"])
        print(f"{name:<26}{'ynn off' if options else 'default':<9}{kinds}")

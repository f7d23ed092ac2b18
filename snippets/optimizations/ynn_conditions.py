import jax
import jax.numpy as jnp

from hlo_stats import stats

ELTWISE_TOO = ("LIBRARY_FUSION_TYPE_DOT,LIBRARY_FUSION_TYPE_REDUCE,"
               "LIBRARY_FUSION_TYPE_ELTWISE")


def kinds(f, x, options=None):
    return dict(stats(jax.jit(f).lower(x).compile(options or {}).as_text())["fusion_kinds"])


def elementwise(x):
    return jnp.exp(x) * 2 + jnp.sin(x)


def row_sum_exp(x):
    return jnp.sum(jnp.exp(x), axis=1)


def row_sum_triple(x):
    return jnp.sum(x * 3, axis=1)


def product(x):
    return x @ jnp.ones((16, 32), x.dtype)


x = jnp.ones((64, 64))
print("elementwise, f32[64,64], default:          ", kinds(elementwise, x))
print("elementwise, f32[64,64], ELTWISE listed too:", kinds(elementwise, x, {"xla_cpu_experimental_ynn_fusion_type": ELTWISE_TOO}))
for dtype in [jnp.float32, jnp.bfloat16, jnp.float16]:
    print(f"row_sum_exp, {jnp.dtype(dtype).name}[64,64]:", kinds(row_sum_exp, x.astype(dtype)))
print("row_sum_triple, int32[64,64]:", kinds(row_sum_triple, x.astype(jnp.int32)))
for dtype in [jnp.float32, jnp.int32]:
    print(f"product, {jnp.dtype(dtype).name}[8,16] @ [16,32]:", kinds(product, jnp.ones((8, 16), dtype)))

# The size of a product: a [m,k] @ [k,n] product of two arguments, float32.
for m, k, n in [(7, 7, 7), (8, 8, 8), (7, 7, 8), (2, 16, 2), (1, 64, 64)]:
    a, b = jnp.ones((m, k)), jnp.ones((k, n))
    text = jax.jit(jnp.matmul).lower(a, b).compile().as_text()
    print(f"a @ b, m,k,n = {m},{k},{n}:", dict(stats(text)["fusion_kinds"]),
          "dots outside a fusion:", stats(text)["entry_opcodes"]["dot"])

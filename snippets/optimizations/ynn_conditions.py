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
for dtype in [jnp.float32, jnp.float16, jnp.int32, jnp.int8]:
    print(f"product, {jnp.dtype(dtype).name}[8,16] @ [16,32]:", kinds(product, jnp.ones((8, 16), dtype)))
print("product, int8[8,16] @ [16,32] -> int32:",
      kinds(lambda x: jnp.matmul(x, jnp.ones((16, 32), jnp.int8), preferred_element_type=jnp.int32),
            jnp.ones((8, 16), jnp.int8)))

# The size of a product: a [m,k] @ [k,n] product of two arguments, float32.
for m, k, n in [(7, 7, 7), (8, 8, 8), (7, 7, 8), (2, 16, 2), (1, 64, 64)]:
    a, b = jnp.ones((m, k)), jnp.ones((k, n))
    text = jax.jit(jnp.matmul).lower(a, b).compile().as_text()
    print(f"a @ b, m,k,n = {m},{k},{n}:", dict(stats(text)["fusion_kinds"]),
          "dots outside a fusion:", stats(text)["entry_opcodes"]["dot"])

# The order of the operands' dimensions: 64x64 float32 arguments, one of them transposed.
# a.T @ b contracts the left operand along its dimension 0, as a dense layer's
# weight gradient x.T @ dy does.
a = b = jnp.ones((64, 64))
for label, f in [("a @ b", lambda a, b: a @ b), ("a.T @ b", lambda a, b: a.T @ b),
                 ("a @ b.T", lambda a, b: a @ b.T), ("a.T @ b.T", lambda a, b: a.T @ b.T)]:
    text = jax.jit(f).lower(a, b).compile().as_text()
    print(f"order, {label}:", dict(stats(text)["fusion_kinds"]),
          "dots outside a fusion:", stats(text)["entry_opcodes"]["dot"])

# A cheap value read by a YNNPACK product and by an elementwise consumer: y = x * 2
# feeds y @ w and sin(y). What ENTRY runs, fusion by fusion (8x8 float32).
def cheap_shared(x, w):
    y = x * 2
    return y @ w, jnp.sin(y)


x8 = jnp.ones((8, 8))
text = jax.jit(cheap_shared).lower(x8, x8).compile().as_text()
entry = text[text.index("ENTRY"):]
print("x * 2 read by a product and by sin:",
      [line.split(" = ")[0].strip() + " <- " + line.split(" fusion(")[1].split(")")[0]
       for line in entry.splitlines() if " fusion(" in line])

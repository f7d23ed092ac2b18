import warnings

import jax
import jax.numpy as jnp

from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
lowered = jax.jit(mlp).lower(params, x)


def attempt(label, old_advice):
    """Runs one piece of old advice and prints its result, or the error it raises."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # older versions warn before they remove
            print(f"   {label}: ok ->", old_advice())
    except Exception as e:
        print(f"   {label}:", type(e).__name__, str(e).split("\n")[0])


print("1. jax.xla_computation")
try:
    jax.xla_computation(mlp)(params, x)
except Exception as e:
    print("  ", type(e).__name__, e)
hlo = lowered.compiler_ir("hlo")  # what replaces it
print("   instead: compiler_ir('hlo') ->", type(hlo).__name__, "|", hlo.as_hlo_text().split(",")[0])

print("2. the mhlo dialect")
for dialect in ("stablehlo", "hlo", "mhlo"):
    for method in (lowered.as_text, lowered.compiler_ir):
        try:
            method(dialect)
            print(f"   {method.__name__}({dialect!r}): ok")
        except Exception as e:
            print(f"   {method.__name__}({dialect!r}):", type(e).__name__, e)

print("3. cost_analysis()")
costs = jax.jit(mlp).lower(params, x).compile().cost_analysis()
print("   returns a", type(costs).__name__)
try:
    print("   costs[0]['flops']:", costs[0]["flops"])  # the old list-of-dicts idiom
except Exception as e:
    print("   costs[0]:", type(e).__name__, e)
try:
    print("   costs['flops']:", costs["flops"])
except Exception as e:
    print("   costs['flops']:", type(e).__name__, e)

print("4. jax.tree_map")
attempt("jax.tree_map(jnp.shape, params)", lambda: jax.tree_map(jnp.shape, params)["hidden"])
print("   instead: jax.tree.map ->", jax.tree.map(jnp.shape, params)["hidden"])

print("5. jax.core.ClosedJaxpr")
closed = jax.make_jaxpr(mlp)(params, x)
attempt("isinstance(make_jaxpr(...), jax.core.ClosedJaxpr)",
        lambda: isinstance(closed, jax.core.ClosedJaxpr))
from jax.extend.core import ClosedJaxpr  # noqa: E402  (what replaces it)
print("   instead: jax.extend.core.ClosedJaxpr ->", isinstance(closed, ClosedJaxpr))

print("6. a nested jit is a 'pjit' equation")
nested = jax.make_jaxpr(lambda p, x: jax.jit(mlp)(p, x))(params, x)
names = [eqn.primitive.name for eqn in nested.eqns]
print("   primitive names:", names, "| 'pjit' in names:", "pjit" in names)
attempt("jax.experimental.pjit.pjit_p.name",
        lambda: __import__("jax.experimental.pjit", fromlist=["pjit_p"]).pjit_p.name)

print("7. jax.lib.xla_bridge and jax.lib.xla_client")
attempt("jax.lib.xla_bridge.get_backend().platform", lambda: jax.lib.xla_bridge.get_backend().platform)
attempt("jax.lib.xla_client.XlaComputation", lambda: jax.lib.xla_client.XlaComputation.__name__)
print("   instead: jax.default_backend() ->", jax.default_backend())

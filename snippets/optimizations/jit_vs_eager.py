import jax
import jax.numpy as jnp
import numpy as np

x = np.arange(1, 1001, dtype=np.float32)
exact = x / np.float32(3)  # NumPy divides each element, correctly rounded


def third(x):
    return x / 3.0


def divide(x, c):
    return x / c


results = {
    "eager x / 3": third(jnp.asarray(x)),
    "jit x / 3": jax.jit(third)(x),
    "jit x / c, c = 3 an argument": jax.jit(divide)(x, np.float32(3)),
    "jit x / 3, algsimp disabled": jax.jit(third).lower(x).compile({"xla_disable_hlo_passes": "algsimp"})(x),
    "jit x / c, algsimp disabled": jax.jit(divide).lower(x, np.float32(3)).compile(
        {"xla_disable_hlo_passes": "algsimp"})(x, np.float32(3)),
}
for label, result in results.items():
    wrong = np.asarray(result) != exact
    print(f"{label:<28} differs from NumPy's x / 3 in {wrong.sum():>3} of 1000 elements")
i = int(np.argmax(np.asarray(results["jit x / 3"]) != exact))
shortest = np.format_float_positional  # the shortest text that reads back as the same float32
print(f"for example x = {x[i]:g}: NumPy gives {shortest(exact[i])}, "
      f"jit gives {shortest(np.asarray(results['jit x / 3'])[i])}")
halves = np.asarray(jax.jit(lambda x: x / 2.0)(x))
print(f"jit x / 2 differs from NumPy's x / 2 in {(halves != x / np.float32(2)).sum()} of 1000 elements")


def log_exp(x):
    return jnp.log(jnp.exp(x))


v = np.array([1.0, 88.0, 89.0, 100.0], np.float32)
print("\nlog(exp(v)) for v =", v)
print("eager:", np.asarray(log_exp(jnp.asarray(v))))
print("jit:  ", np.asarray(jax.jit(log_exp)(v)))
fast = jax.jit(log_exp).lower(v).compile({"xla_cpu_enable_fast_math": True})
print("jit, xla_cpu_enable_fast_math=True:", np.asarray(fast(v)))

import jax
import jax.numpy as jnp

from hlo_lines import hlo, opcodes

x = jnp.arange(5.0) * 10  # [ 0. 10. 20. 30. 40.]
idx = jnp.array([1, 4, 5, -1, -6])  # 5 and -6 are out of range

forms = {
    "x[idx]": lambda x, idx: x[idx],
    "x.at[idx].get(mode='promise_in_bounds')": lambda x, idx: x.at[idx].get(mode="promise_in_bounds"),
    "x.at[idx].get(mode='clip')": lambda x, idx: x.at[idx].get(mode="clip"),
    "jnp.take(x, idx)": lambda x, idx: jnp.take(x, idx),
    "x.at[idx].get(mode='fill', fill_value=-1)": lambda x, idx: x.at[idx].get(mode="fill", fill_value=-1),
}
for name, f in forms.items():
    text = jax.jit(f).lower(x, idx).as_text(dialect="hlo")
    print(f"# {name}")
    print("  opcodes:", " ".join(sorted(set(opcodes(text)) - {"call"})))  # call: jnp.take is a jit of its own
    print("  gather: ", hlo(text, "gather").split(" gather(")[1])
    print("  result: ", jax.jit(f)(x, idx))

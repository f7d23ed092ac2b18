import jax
import jax.numpy as jnp

from by_line import instructions_by_line, show


def layer(x, w, b):
    h = x @ w
    h = h + b
    h = jnp.maximum(h, 0.0)
    return h.sum()


def lowered(n_batch, n_in, n_out):
    f32 = jnp.float32
    return jax.jit(layer).lower(jax.ShapeDtypeStruct((n_batch, n_in), f32),
                                jax.ShapeDtypeStruct((n_in, n_out), f32), jax.ShapeDtypeStruct((n_out,), f32))


texts = {
    "before XLA's passes: lowered.as_text(dialect='hlo', debug_info=True)":
        lowered(8, 16, 32).as_text(dialect="hlo", debug_info=True),
    "optimized: compiled.as_text()": lowered(8, 16, 32).compile().as_text(),
    "optimized, every size 512": lowered(512, 512, 512).compile().as_text(),
}
plain = lowered(8, 16, 32).as_text(dialect="hlo")
print("without debug_info=True: metadata", "metadata=" in plain, "| FileNames table", "FileNames" in plain)
for label, text in texts.items():
    print("==", label)
    show(instructions_by_line(text))
    constants = [line for line in text.splitlines() if " constant(" in line]
    print(f"constants: {len(constants)}, with metadata: {sum('metadata=' in line for line in constants)}")

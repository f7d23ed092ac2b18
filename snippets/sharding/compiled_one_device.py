import jax
import jax.numpy as jnp


def square(v):
    return v * v


# The same function and global shape as compiled_shapes.py, on one device: no mesh
compiled = jax.jit(square).lower(jax.ShapeDtypeStruct((64, 16), jnp.float32)).compile()
text = compiled.as_text()
# Excerpt: the module's first line, then everything from the first computation on
# (the FileNames/StackFrames tables in between are left out).
print(text.splitlines()[0])
print(text[text.index("\n%"):].strip())

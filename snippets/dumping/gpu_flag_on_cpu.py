from scratch import fresh_folder

fresh_folder(__file__)  # work in an emptied scratch/CHAPTER/NAME/ (git-ignored), the same on every run

import pathlib

import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(jnp.cos(x))


x = jax.ShapeDtypeStruct((4,), jnp.float32)
jax.jit(f).lower(x).compile({"xla_dump_to": "plain"})
jax.jit(f).lower(x).compile({"xla_dump_to": "gpu_flag", "xla_gpu_dump_llvmir": True})  # a GPU option

plain = sorted(path.name for path in pathlib.Path("plain").iterdir())
gpu_flag = sorted(path.name for path in pathlib.Path("gpu_flag").iterdir())
print(f"without the GPU option: {len(plain)} files; with it: {len(gpu_flag)} files")
print("the same names:", [name.split(".", 1)[1] for name in plain] == [name.split(".", 1)[1] for name in gpu_flag])
print("kinds of file:", sorted({name.rsplit(".", 1)[-1] for name in gpu_flag}))

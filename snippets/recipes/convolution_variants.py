"""One convolution in other element types and sizes, grouped, in 3-D, transposed, with a bias and
a ReLU, and as a kernel gradient: what each compiles to on the CPU, or on the target of LIVE_TARGET."""
import re

import jax
import jax.numpy as jnp
from jax import lax
import target  # the CPU, or the target of LIVE_TARGET: see snippets/target.py

NHWC = ("NHWC", "HWIO", "NHWC")


def conv(x, k, precision=None):  # the recipe's `plain` convolution: 3x3, channels last
    return lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=NHWC, precision=precision)


def volume(x, k):  # 3-D, channels last
    return lax.conv_general_dilated(x, k, (1, 1, 1), "SAME", dimension_numbers=("NDHWC", "DHWIO", "NDHWC"))


def grouped(x, k):  # two groups of 4 input channels
    return lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=NHWC, feature_group_count=2)


def transposed_kernel(x, k):  # upsampling by 2, the kernel flipped as a gradient's would be
    return lax.conv_transpose(x, k, (2, 2), "SAME", dimension_numbers=NHWC, transpose_kernel=True)


def bias_relu(x, k, b):
    return jax.nn.relu(conv(x, k) + b)


def int8_to_int32(x, k):  # int8 operands, an int32 result
    return lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=NHWC,
                                    preferred_element_type=jnp.int32)


def depthwise_kernel_grad(x, k):  # JAX writes it with batch_group_count
    loss = lambda k: lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=NHWC,
                                              feature_group_count=x.shape[-1]).sum()
    return jax.grad(loss)(k)


def where_each_runs(hlo):
    """Each convolution or library call: its labels, element types, and the fusion (kind) it sits in."""
    kinds = dict((called, kind) for kind, called in re.findall(r"kind=(\w+), calls=%([\w.-]+)", hlo))
    rows = []
    for entry, head, body in re.findall(r"^(ENTRY )?%([\w.-]+) .*?\{\n(.*?)\n\}", hlo, re.M | re.S):
        types = dict(re.findall(r"^\s*(?:ROOT )?%(\S+) = (\w+)\[", body, re.M))
        for shape, opcode, operands, rest in re.findall(
                r"= (\S+|\(.*?\)) (convolution|custom-call)\((.*?)\)(.*)$", body, re.M):
            if opcode == "custom-call":
                opcode = re.search(r'custom_call_target="([^"]+)"', rest)[1]
                if "conv" not in opcode.lower():
                    continue  # a library call that is not a convolution
            labels = re.search(r"dim_labels=([^,\s]+)", rest)[1]
            operand_types = [types.get(name.lstrip("%"), "?") for name in operands.split(", ")]
            place = f"in a {kinds[head]} fusion" if head in kinds else ("in ENTRY" if entry else f"in {head}")
            groups = "".join(f" {g[0]}" for g in re.finditer(r"(?:feature|batch)_group_count=\d+", rest))
            rows.append(f"{opcode} {labels}{groups} ({', '.join(operand_types)}) -> {re.sub(r'{[^}]*}', '', shape)}"
                        f" {place}")
    return rows


image, kernel = jnp.ones((2, 16, 16, 8)), jnp.ones((3, 3, 8, 16))
cases = [(dtype.__name__, conv, (image.astype(dtype), kernel.astype(dtype)))
         for dtype in (jnp.float32, jnp.bfloat16, jnp.float16, jnp.int8, jnp.int32)]
cases[1:1] = [("float32 at HIGHEST", lambda x, k: conv(x, k, lax.Precision.HIGHEST), (image, kernel))]
cases += [("int8 -> int32", int8_to_int32, (image.astype(jnp.int8), kernel.astype(jnp.int8))),
          ("64 channels", conv, (jnp.ones((8, 32, 32, 64)), jnp.ones((3, 3, 64, 64)))),
          ("grouped, G=2", grouped, (image, jnp.ones((3, 3, 4, 16)))),
          ("transpose_kernel", transposed_kernel, (image, jnp.ones((3, 3, 16, 8)))),
          ("bias and ReLU", bias_relu, (image, kernel, jnp.ones(16))),
          ("3-D", volume, (jnp.ones((1, 6, 6, 6, 2)), jnp.ones((3, 3, 3, 2, 2)))),
          ("kernel gradient", depthwise_kernel_grad, (jnp.ones((2, 8, 8, 6)), jnp.ones((3, 3, 1, 6))))]
for label, f, args in cases:
    try:
        hlo = target.compile(f, *args).as_text()
    except Exception as error:  # XLA refuses to compile it: the start of its message says why
        print(f"{label:18} not compiled: {' '.join(str(error).split())[:110]}")
        continue
    print(f"{label:18} " + "; ".join(where_each_runs(hlo)))

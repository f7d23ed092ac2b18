# A second function for recipes/convolution.py: a 1-D channels-first transposed convolution,
# a strided convolution with a dilated kernel in bfloat16, an int32 convolution, a 3-D one,
# and the gradient of a depthwise convolution with respect to its kernel (a batch_group_count).
NHWC = ("NHWC", "HWIO", "NHWC")


def transposed_1d(x, k):  # channels first, upsampling by 3
    return lax.conv_transpose(x, k, (3,), "VALID", dimension_numbers=("NCH", "OIH", "NCH"))


def atrous_bf16(x, k):
    return lax.conv_general_dilated(x, k, (2, 2), ((1, 2), (0, 1)), rhs_dilation=(2, 2),
                                    dimension_numbers=NHWC)


def integer(x, k):
    return lax.conv_general_dilated(x, k, (1, 1), "VALID", dimension_numbers=("NCHW", "HWIO", "NHWC"))


def volume(x, k):
    return lax.conv_general_dilated(x, k, (1, 1, 1), "SAME", dimension_numbers=("NDHWC", "DHWIO", "NDHWC"))


def depthwise_kernel_grad(x, k):
    conv = lambda k: lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=NHWC,
                                              feature_group_count=x.shape[-1])
    return jax.grad(lambda k: conv(k).sum())(k)


functions = [
    ("transposed_1d", transposed_1d, (jnp.ones((1, 4, 20)), jnp.ones((6, 4, 5)))),
    ("atrous_bf16", atrous_bf16, (jnp.ones((1, 12, 10, 3), jnp.bfloat16), jnp.ones((3, 3, 3, 4), jnp.bfloat16))),
    ("integer", integer, (jnp.ones((1, 3, 9, 9), jnp.int32), jnp.ones((2, 2, 3, 5), jnp.int32))),
    ("volume", volume, (jnp.ones((1, 6, 6, 6, 2)), jnp.ones((3, 3, 3, 2, 2)))),
    ("depthwise_kernel_grad", depthwise_kernel_grad, (jnp.ones((2, 8, 8, 6)), jnp.ones((3, 3, 1, 6)))),
]

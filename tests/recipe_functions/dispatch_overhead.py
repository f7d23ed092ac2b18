# A second function for recipes/dispatch_overhead.py: two arguments, one of them a dict,
# an int32 matrix product (rank 2), and no NumPy version to compare with.
def f(params, x):
    return (params["w"] @ x + params["b"]) % 7


f_numpy = None


def make_args(n):  # two n-element square matrices and a bias
    side = int(n ** 0.5)
    w = np.arange(side * side, dtype=np.int32).reshape(side, side) % 5
    return {"w": w, "b": np.ones(side, np.int32)}, np.ones((side, side), np.int32)


sizes = (16, 16_384)

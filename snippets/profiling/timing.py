"""Time a jitted call correctly: warm up once, wait for the result, keep the best of several runs."""

import time


def best_time(fn, *args, repeats=7):
    """Seconds of the fastest of `repeats` calls, each waited for with block_until_ready."""
    fn(*args).block_until_ready()  # the first call compiles: leave it out
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn(*args).block_until_ready()
        times.append(time.perf_counter() - start)
    return min(times)

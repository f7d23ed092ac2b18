import jax

from mlp import example_batch, init_params, mlp

# lowering needs only shapes and dtypes: eval_shape gives them without computing
params = jax.eval_shape(init_params)
x, _ = jax.eval_shape(example_batch)
lowered = jax.jit(mlp).lower(params, x)
compiled = lowered.compile()

texts = {
    "Lowered.as_text()": lowered.as_text(),
    'Lowered.as_text("hlo")': lowered.as_text("hlo"),
    "Compiled.as_text()": compiled.as_text(),
}
print(f"{'':24}{'first word':>12}{'lines':>7}{'fusions':>9}{'metadata':>10}")
for label, text in texts.items():
    print(
        f"{label:24}{text.split()[0]:>12}{len(text.splitlines()):>7}"
        f"{text.count(' fusion('):>9}{text.count('metadata='):>10}"
    )

# Text that looks like markup is shown as text: the page escapes every output.
print("a StableHLO type: tensor<4xf32>")
print("an HTML tag: <b>not bold</b>")

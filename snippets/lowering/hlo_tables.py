"""Read the source-location tables at the top of an optimized HLO module."""

import json
import re

TABLES = ("FileNames", "FunctionNames", "FileLocations", "StackFrames")


def parse_tables(hlo_text):
    """{table name: {id: value}}; names are strings, the rest dicts of ints."""
    tables, current = {}, None
    for line in hlo_text.splitlines():
        if line in TABLES:
            current = tables[line] = {}
            continue
        row = re.fullmatch(r"(\d+) (.*)", line)
        if current is None or row is None:
            current = None if line.strip() else current  # a blank line may separate rows
            continue
        key, value = int(row[1]), row[2]
        if value.startswith('"'):
            current[key] = json.loads(value)
        else:
            current[key] = {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", value)}
    return tables


def call_chain(tables, frame_id):
    """(file, line, column, end_column, function) for a frame and its callers, innermost first."""
    chain = []
    while frame_id:
        frame = tables["StackFrames"][frame_id]
        loc = tables["FileLocations"][frame["file_location_id"]]
        chain.append((
            tables["FileNames"][loc["file_name_id"]],
            loc["line"],
            loc["column"],
            loc["end_column"],
            tables["FunctionNames"][loc["function_name_id"]],
        ))
        # The text prints each parent id one higher than the frame it names;
        # a printed 1 means "no caller".
        frame_id = frame["parent_frame_id"] - 1
    return chain

#!/usr/bin/python3
"""Replaces the measured times in contactlab's assessment outputs with "<time>", in place, so that
two runs can be compared byte for byte: tables (stdout, tables.txt: the column before "|", and
column widths, which follow the widest time), CSV (time_ms, seconds), JSON ("seconds") and the
report page (the cell before the paper's columns). Usage: mask_times.py FILE..."""
import re
import sys

for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".csv"):
        lines = text.split("\n")
        header = lines[0].split(",")
        cols = [i for i, h in enumerate(header) if h in ("time_ms", "seconds")]
        out = []
        for line in lines:
            cells = line.split(",")
            if len(cells) == len(header) and line != lines[0]:
                for i in cols:
                    cells[i] = "<time>"
            out.append(",".join(cells))
        text = "\n".join(out)
    elif path.endswith(".json"):
        text = re.sub(r'("seconds"\s*:\s*)[-0-9.eE+]+', r'\1"<time>"', text)
    elif path.endswith(".html"):
        text = re.sub(r'<td>[-0-9.eE+]+</td>(<td class="sep">)', r"<td><time></td>\1", text)
        text = re.sub(r", [0-9.]+ s in all", ", <time> in all", text)
    else:  # text tables: collapse column padding, mask the time column of the structure tables
        out = []
        for line in text.split("\n"):
            line = re.sub(r" +", " ", line)
            line = re.sub(r" [-0-9.eE+]+ \| ", " <time> | ", line)
            line = re.sub(r"[0-9]+(\.[0-9]+)? ?m?s\b", "<time>", line) if line.startswith("wrote ") else line
            out.append(line)
        text = "\n".join(out)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)

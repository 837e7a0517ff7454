"""docs/python.md's table of every game is what `python -m ply.describe` prints."""

import glob
import os

from conftest import ROOT, RULES
from ply.describe import describe


def test_the_table_of_every_game_is_the_describe_commands_output():
    paths = sorted(glob.glob(os.path.join(RULES, "*.rules"))) + \
        sorted(glob.glob(os.path.join(RULES, "variants", "*.rules")))
    with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as f:
        doc = f.read()
    begin, end = "<!-- describe:begin -->\n", "<!-- describe:end -->"
    table = doc[doc.index(begin) + len(begin):doc.index(end)]
    assert table == describe(paths), "run: python -m ply.describe rules/*.rules rules/variants/*.rules"

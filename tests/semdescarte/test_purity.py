"""Money in the rules of domain/games/semdescarte is integer cents (A12, A31). Imports, clocks and
randomness of the sub-package are checked with the rest of domain/ in
tests/core/test_domain_purity.py."""

import ast
from pathlib import Path

import domain.games.semdescarte


def modules():
    return sorted(Path(domain.games.semdescarte.__file__).parent.glob("*.py"))


OWN = ("config.py", "dealing.py", "settlement.py", "jackpot.py")


def test_money_is_never_a_float():
    """Money is integer cents, percentages basis points (A12, A31: round down to the cent): no
    float literal and no true division in the rules modules."""
    for path in (p for p in modules() if p.name in OWN):
        for node in ast.walk(ast.parse(path.read_text())):
            assert not (isinstance(node, ast.Constant) and isinstance(node.value, float)), \
                path.name
            assert not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)), path.name

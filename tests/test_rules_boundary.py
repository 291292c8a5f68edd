"""The rules engine knows nothing of YAML, HTML, templates or locales."""

import subprocess
import sys


def test_rules_engine_imports_nothing_of_the_site() -> None:
    code = (
        "import sys, generator.rules\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'yaml', 'jinja2', 'babel', 'markdown_it', 'markupsafe'} or m.startswith('generator.reader'))\n"
        "print(bad)\n"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


def test_no_library_module_imports_a_command() -> None:
    """The commands are thin layers over the library; the library never reaches back up to them."""
    code = (
        "import importlib, pathlib, sys, generator\n"
        "root = pathlib.Path(generator.__file__).parent\n"
        "names = ['.'.join(('generator',) + p.relative_to(root).with_suffix('').parts) for p in root.rglob('*.py')]\n"
        "library = [n.removesuffix('.__init__') for n in names if '.commands' not in n and '__main__' not in n]\n"
        "for name in library:\n"
        "    importlib.import_module(name)\n"
        "print(len(library), sorted(m for m in sys.modules if m.startswith('generator.commands')))\n"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    count, commands = output.strip().split(" ", 1)
    assert int(count) >= 20 and commands == "[]"


def test_every_enum_member_has_a_docstring() -> None:
    """Each value of an engine enum says what it means, where it is defined."""
    import ast
    from pathlib import Path

    missing, members = [], 0
    for path in sorted((Path(__file__).parent.parent / "generator").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef) or not any(
                getattr(base, "id", "") in ("Enum", "IntEnum") for base in node.bases
            ):
                continue
            for index, statement in enumerate(node.body):
                if not isinstance(statement, ast.Assign) or statement.targets[0].id.startswith("_"):  # type: ignore[attr-defined]
                    continue
                members += 1
                following = node.body[index + 1] if index + 1 < len(node.body) else None
                if not (isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant)):
                    missing.append(f"{path.name}: {node.name}.{statement.targets[0].id}")  # type: ignore[attr-defined]
    assert members >= 40 and missing == []

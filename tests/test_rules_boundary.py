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

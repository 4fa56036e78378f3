"""The rules core stays headless: importing it loads neither Textual nor Rich."""

import subprocess
import sys


def test_core_imports_neither_textual_nor_rich() -> None:
    code = (
        "import sys, banker.core, banker.core.language, banker.core.report, banker.store\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_check_would_notice_textual() -> None:
    code = "import sys, textual.app\nprint('textual' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"

# SPDX-License-Identifier: MIT
"""The tool's commands as the library describes them (ricochet.command_help, ricochet/command.h).

Oracles: the help page of every command is, byte for byte, what the tool next to RICOCHET_LIBRARY prints for
`ricochet help NAME`; it lists options the tool parses (--checkpoint-every of run and sweep); a name the tool has no
command of raises KeyError naming it."""
import os
import subprocess
import unittest

import ricochet

COMMANDS = ["resolve", "run", "sweep", "exchange", "render", "plot", "analyze", "convert"]


class CommandHelp(unittest.TestCase):
    def test_options_listed(self):
        for name in ("run", "sweep"):
            page = ricochet.command_help(name)
            self.assertTrue(page.startswith("usage: ricochet %s " % name), page[:60])
            self.assertIn("\noptions:\n", page)
            self.assertIn("\n  --checkpoint-every T ", page)

    def test_unknown_command(self):
        with self.assertRaisesRegex(KeyError, "bogus"):
            ricochet.command_help("bogus")

    def test_same_as_the_tool(self):
        tool = os.path.join(os.path.dirname(os.environ.get("RICOCHET_LIBRARY", "")), "ricochet")
        if not os.access(tool, os.X_OK):
            self.skipTest("no ricochet tool next to RICOCHET_LIBRARY")
        for name in COMMANDS:
            printed = subprocess.run([tool, "help", name], capture_output=True, text=True, check=True).stdout
            self.assertEqual(ricochet.command_help(name), printed, name)


if __name__ == "__main__":
    unittest.main()

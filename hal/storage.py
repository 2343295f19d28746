"""Flat files in one folder: the only place the firmware touches the filesystem.

The same code runs on the device (littlefs, folder /saves) and in the simulator
(a host folder). Atomic replacement is built on rename() by core.saves.
"""
import os


class FileStorage:
    def __init__(self, root):
        self.root = root
        try:
            os.mkdir(root)
        except OSError:
            pass  # already there

    def _path(self, name):
        return self.root + "/" + name

    def read(self, name):
        try:
            with open(self._path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, data):
        with open(self._path(name), "wb") as f:
            f.write(data)

    def rename(self, old, new):
        os.rename(self._path(old), self._path(new))

    def remove(self, name):
        """Remove a file; a missing one is no error, any other failure (read-only) raises."""
        try:
            os.remove(self._path(name))
        except OSError:
            # not by errno: the numbers differ between ports (the browser's raises 44 for a missing file)
            if self.exists(name):
                raise

    def exists(self, name):
        try:
            os.stat(self._path(name))
            return True
        except OSError:
            return False

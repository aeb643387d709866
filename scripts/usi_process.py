"""A USI engine as a child process, for the scripts that drive one directly (search_anchor.py,
game_nps.py): lines in, lines out, one search at a time."""
import subprocess


class UsiProcess:
    def __init__(self, binary):
        self.binary = binary
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, *lines):
        for line in lines:
            self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read_until(self, prefix):
        """The lines up to and including the first that starts with `prefix`."""
        lines = []
        for line in self.p.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"{self.binary} ended before '{prefix}'")

    def handshake(self, options):
        """`usi`, then `setoption` for each (name, value) of `options`, then `isready`: the engine
        is ready to search when this returns."""
        self.send("usi")
        self.read_until("usiok")
        self.send(*[f"setoption name {name} value {value}" for name, value in options.items()], "isready")
        self.read_until("readyok")

    def go(self, command):
        """Sends `command` (a `go ...`) and returns the search's lines, `bestmove` last."""
        self.send(command)
        return self.read_until("bestmove")

    def quit(self):
        self.send("quit")
        self.p.stdin.close()  # a wrapper that pipes its input on ends at end of input
        self.p.wait()

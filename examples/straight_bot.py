"""An example bot for ``crokinole match --purple "exec:python examples/straight_bot.py"``.

It speaks the JSON-lines protocol of docs/bot-protocol.md with nothing but the standard library: from the
middle of its line it shoots straight at the hole, gently on an open board and hard when there are rival
discs (a straight shot through the middle often hits something).
"""

import json
import sys


def main() -> None:
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "hello":
            reply = {"type": "ready", "name": "straight"}
        elif msg["type"] == "turn":
            state, team = msg["state"], msg["team"]
            rivals = [d for d in state["discs"] if d["team"] != team]
            speed = 2400.0 if rivals else 900.0
            reply = {"type": "shot", "turn": msg["turn"], "spot": 0.0, "angle": 0.0, "speed": speed}
        else:  # "bye"
            return
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()

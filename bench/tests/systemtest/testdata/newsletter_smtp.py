"""A recording SMTP relay for the newsletter system tests (aiosmtpd, Debian's python3-aiosmtpd).

Usage: newsletter_smtp.py PORT OUTDIR [--close-after N] [--busy-seconds S]

Every message it takes is written to OUTDIR as one file (written aside, then renamed in).
--close-after N: after N messages in a session the relay drops the connection (a relay's
session limit). --busy-seconds S: for S seconds from the start, every RCPT gets
"421 4.3.2 busy, try later" and the session is closed (as a relay that is overloaded).
"""
import argparse
import asyncio
import itertools
import os
import time

from aiosmtpd.controller import Controller

parser = argparse.ArgumentParser()
parser.add_argument("port", type=int)
parser.add_argument("outdir")
parser.add_argument("--close-after", type=int, default=0)
parser.add_argument("--busy-seconds", type=float, default=0)
args = parser.parse_args()
os.makedirs(args.outdir, exist_ok=True)
started = time.monotonic()
counter = itertools.count(1)


class Recorder:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if time.monotonic() - started < args.busy_seconds:
            asyncio.get_running_loop().call_soon(server.transport.close)
            return "421 4.3.2 busy, try later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        n = next(counter)
        name = f"{n:07d}-{envelope.rcpt_tos[0]}.eml"
        tmp = os.path.join(args.outdir, "." + name)
        with open(tmp, "wb") as f:
            f.write(envelope.original_content)
        os.rename(tmp, os.path.join(args.outdir, name))
        taken = getattr(session, "taken", 0) + 1
        session.taken = taken
        if args.close_after and taken >= args.close_after:
            asyncio.get_running_loop().call_later(0.01, server.transport.close)
        return "250 2.0.0 queued"


controller = Controller(Recorder(), hostname="127.0.0.1", port=args.port)
controller.start()
print("listening", flush=True)
try:
    while True:
        time.sleep(3600)
finally:
    controller.stop()

"""`python -m llmserver --port 8787 --mode oracle --latency 1.0 --max-concurrency 16 --fault-rate 0.2`."""
from __future__ import annotations

import argparse
import signal
import threading
from pathlib import Path

from llmserver.server import FAULTS, LLMServer, ServerConfig

DEFAULT_LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "eval" / "locomo_dev.json"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m llmserver", description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8787)
    ap.add_argument("--mode", choices=["echo", "oracle"], default="echo")
    ap.add_argument("--locomo", default=str(DEFAULT_LOCOMO), help="LoCoMo JSON for oracle mode")
    ap.add_argument("--latency", type=float, default=0.0, help="seconds per call")
    ap.add_argument("--max-concurrency", type=int, default=0, help="over this many in flight → 429 (0 = no cap)")
    ap.add_argument("--fault-rate", type=float, default=0.0)
    ap.add_argument("--faults", default=",".join(FAULTS), help="comma list of " + "|".join(FAULTS))
    ap.add_argument("--timeout-sleep", type=float, default=30.0)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    cfg = ServerConfig(mode=a.mode, locomo_path=a.locomo if a.mode == "oracle" else None, latency=a.latency,
                       max_concurrency=a.max_concurrency, fault_rate=a.fault_rate,
                       faults=tuple(f for f in a.faults.split(",") if f), timeout_sleep=a.timeout_sleep, seed=a.seed)
    srv = LLMServer(cfg, host=a.host, port=a.port).start()
    print(f"llmserver on {srv.base_url} mode={a.mode} latency={a.latency}s cap={a.max_concurrency} "
          f"fault_rate={a.fault_rate}", flush=True)
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    try:
        done.wait()
    except KeyboardInterrupt:
        pass
    srv.stop()


if __name__ == "__main__":
    main()

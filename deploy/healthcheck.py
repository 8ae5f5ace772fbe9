"""Container health check: GET /healthz on this container's web process (stdlib only, so it
costs no Django start-up). Exit 0 when healthy, 1 otherwise.

Sent with the site's host name and as HTTPS-forwarded, as the proxy would, so ALLOWED_HOSTS
and the HTTPS redirect treat it like a real request.
"""

from __future__ import annotations

import os
import sys
import urllib.request

host = (os.environ.get("ALLOWED_HOSTS", "") or "localhost").split(",")[0].strip()
port = os.environ.get("PORT", "8000")
request = urllib.request.Request(
    f"http://127.0.0.1:{port}/healthz",
    headers={"Host": host, "X-Forwarded-Proto": "https"},
)
try:
    with urllib.request.urlopen(request, timeout=4) as response:
        sys.exit(0 if response.status == 200 else 1)
except OSError as exc:
    print(f"unhealthy: {exc}", file=sys.stderr)
    sys.exit(1)

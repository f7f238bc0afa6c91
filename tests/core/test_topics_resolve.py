"""Every stored event's topic resolves in a process that imported only the composition root:
the projection worker and the writer process read events of every stream, and a topic whose
module nobody imported stops the worker (found with ledger serve: BootstrapKey.Disabled)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.core.test_event_contract import event_classes


def test_every_event_topic_resolves_after_importing_the_composition_root_alone():
    topics = sorted({event_class.TOPIC for _, event_class in event_classes()})
    assert "ledger.BootstrapKey.Disabled" in topics and "ledger.Principal.ApiKeyRevoked" in topics
    script = ("import json, sys\n"
              "import infra.container\n"
              "from eventsourcing.utils import resolve_topic\n"
              "failed = []\n"
              "for topic in json.loads(sys.argv[1]):\n"
              "    try:\n"
              "        resolve_topic(topic)\n"
              "    except Exception as error:\n"
              "        failed.append(f'{topic}: {error}')\n"
              "print(json.dumps(failed))\n")
    result = subprocess.run([sys.executable, "-c", script, json.dumps(topics)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []
